import { signupMachine } from './signup.machine.ts';
import { describeSignupMachine } from './signup.model-suite.ts';

describeSignupMachine(signupMachine, 'direct');
