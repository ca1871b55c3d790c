import type { FlowOracle } from '#tests/support/model-oracle.ts';
import { alertForwardingOracle } from './alert-forwarding/alert-forwarding.oracle.ts';
import { alexaTogetherOracle } from './alexa-together/alexa-together.oracle.ts';
import { amazonCallbackOracle } from './amazon-callback/amazon-callback.oracle.ts';
import { authorizedAppsOracle } from './authorized-apps/authorized-apps.oracle.ts';
import { consentOracle } from './consent/consent.oracle.ts';
import { createGrantOracle } from './create-grant/create-grant.oracle.ts';
import { credentialsOracle } from './credentials/credentials.oracle.ts';
import { deviceSessionsOracle } from './device-sessions/device-sessions.oracle.ts';
import { leaveSessionOracle } from './leave-session/leave-session.oracle.ts';
import { loginOracle } from './login/login.oracle.ts';
import { logoutOracle } from './logout/logout.oracle.ts';
import { passwordResetOracle } from './password-reset/password-reset.oracle.ts';
import { recoverOracle } from './recover/recover.oracle.ts';
import { sessionCheckOracle } from './session-check/session-check.oracle.ts';
import { signupOracle } from './signup/signup.oracle.ts';
import { signupInvitedOracle } from './signup-invited/signup-invited.oracle.ts';
import { signupResendOracle } from './signup-resend/signup-resend.oracle.ts';
import { signupVerifyOracle } from './signup-verify/signup-verify.oracle.ts';

/**
 * Every flow's hand-written table (architecture.md §6), by machine id: describeModel looks a machine's up here, so
 * both layers of a flow are held to it without naming it.
 */
const oracles: FlowOracle[] = [
  alertForwardingOracle,
  alexaTogetherOracle,
  amazonCallbackOracle,
  authorizedAppsOracle,
  consentOracle,
  createGrantOracle,
  credentialsOracle,
  deviceSessionsOracle,
  leaveSessionOracle,
  loginOracle,
  logoutOracle,
  passwordResetOracle,
  recoverOracle,
  sessionCheckOracle,
  signupOracle,
  signupInvitedOracle,
  signupResendOracle,
  signupVerifyOracle,
];

export const flowOracles: Readonly<Record<string, FlowOracle>> = Object.fromEntries(
  oracles.map((oracle) => [oracle.machine, oracle]),
);
