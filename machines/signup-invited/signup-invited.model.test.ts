import { describeSignupMachine } from '../signup/signup.model-suite.ts';
import { signupInvitedMachine } from './signup-invited.machine.ts';

describeSignupMachine(signupInvitedMachine, 'invited');
