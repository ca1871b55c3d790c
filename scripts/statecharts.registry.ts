import type { AnyStateMachine } from 'xstate';
import { alertForwardingMachine } from '../machines/alert-forwarding/alert-forwarding.machine.ts';
import { alexaTogetherMachine } from '../machines/alexa-together/alexa-together.machine.ts';
import { amazonCallbackMachine } from '../machines/amazon-callback/amazon-callback.machine.ts';
import { authorizedAppsMachine } from '../machines/authorized-apps/authorized-apps.machine.ts';
import { consentMachine } from '../machines/consent/consent.machine.ts';
import { createGrantMachine } from '../machines/create-grant/create-grant.machine.ts';
import { credentialsMachine } from '../machines/credentials/credentials.machine.ts';
import { deviceSessionsMachine } from '../machines/device-sessions/device-sessions.machine.ts';
import { leaveSessionMachine } from '../machines/leave-session/leave-session.machine.ts';
import { loginMachine } from '../machines/login/login.machine.ts';
import { logoutMachine } from '../machines/logout/logout.machine.ts';
import { passwordResetMachine } from '../machines/password-reset/password-reset.machine.ts';
import { recoverMachine } from '../machines/recover/recover.machine.ts';
import { sessionCheckMachine } from '../machines/session-check/session-check.machine.ts';
import { signupMachine } from '../machines/signup/signup.machine.ts';
import { signupInvitedMachine } from '../machines/signup-invited/signup-invited.machine.ts';
import { signupResendMachine } from '../machines/signup-resend/signup-resend.machine.ts';
import { signupVerifyMachine } from '../machines/signup-verify/signup-verify.machine.ts';

/** Every machine drawn in docs/statecharts/<slug>.md (docs/statecharts/README.md): a new flow adds one line here. */
export const statechartRegistry: Record<string, AnyStateMachine> = {
  login: loginMachine,
  logout: logoutMachine,
  recover: recoverMachine,
  'password-reset': passwordResetMachine,
  'leave-session': leaveSessionMachine,
  signup: signupMachine,
  'signup-invited': signupInvitedMachine,
  'signup-verify': signupVerifyMachine,
  'signup-resend': signupResendMachine,
  consent: consentMachine,
  'alexa-together': alexaTogetherMachine,
  'amazon-callback': amazonCallbackMachine,
  'authorized-apps': authorizedAppsMachine,
  credentials: credentialsMachine,
  'create-grant': createGrantMachine,
  'alert-forwarding': alertForwardingMachine,
  'device-sessions': deviceSessionsMachine,
  'session-check': sessionCheckMachine,
};
