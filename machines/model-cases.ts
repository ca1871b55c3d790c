import type { ExploreOptions } from '#tests/support/model-graph.ts';
import { alertForwardingExplore } from './alert-forwarding/alert-forwarding.model-cases.ts';
import { alexaTogetherExplore } from './alexa-together/alexa-together.model-cases.ts';
import { amazonCallbackExplore } from './amazon-callback/amazon-callback.model-cases.ts';
import { authorizedAppsExplore } from './authorized-apps/authorized-apps.model-cases.ts';
import { consentExplore } from './consent/consent.model-cases.ts';
import { createGrantExplore } from './create-grant/create-grant.model-cases.ts';
import { credentialsExplore } from './credentials/credentials.model-cases.ts';
import { deviceSessionsExplore } from './device-sessions/device-sessions.model-cases.ts';
import { leaveSessionExplore } from './leave-session/leave-session.model-cases.ts';
import { loginExplore } from './login/login.model-cases.ts';
import { logoutExplore } from './logout/logout.model-cases.ts';
import { passwordResetExplore } from './password-reset/password-reset.model-cases.ts';
import { recoverExplore } from './recover/recover.model-cases.ts';
import { sessionCheckExplore } from './session-check/session-check.model-cases.ts';
import { signupExplore } from './signup/signup.model-cases.ts';
import { signupResendExplore } from './signup-resend/signup-resend.model-cases.ts';
import { signupVerifyExplore } from './signup-verify/signup-verify.model-cases.ts';

/**
 * Every flow's model cases as its headless test explores them, by machine id (architecture.md §6): `npm run paths`
 * exports their paths as test plans, and describeModel takes a flow's words for its events from here when a suite
 * gives none, so a path reads, and is named, the same in both layers.
 */
export const flowModelCases: Readonly<Record<string, ExploreOptions>> = {
  login: loginExplore,
  logout: logoutExplore,
  recover: recoverExplore,
  'password-reset': passwordResetExplore,
  'leave-session': leaveSessionExplore,
  signup: signupExplore('direct'),
  'signup-invited': signupExplore('invited'),
  'signup-verify': signupVerifyExplore,
  'signup-resend': signupResendExplore,
  consent: consentExplore,
  'alexa-together': alexaTogetherExplore,
  'amazon-callback': amazonCallbackExplore,
  'authorized-apps': authorizedAppsExplore,
  credentials: credentialsExplore,
  'create-grant': createGrantExplore,
  'alert-forwarding': alertForwardingExplore,
  'device-sessions': deviceSessionsExplore,
  'session-check': sessionCheckExplore,
};
