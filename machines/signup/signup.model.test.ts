import { describeSignupMachine } from './signup.model-suite.ts';
import { signupMachine } from './signup.machine.ts';

describeSignupMachine(signupMachine, 'direct');
