import { createSignupMachine } from '../signup/signup.machine.ts';

/**
 * The signup machine built for an invitation (no captcha, email fixed, no resend): its own statechart and tests because
 * its graph differs, its rules the same by construction.
 */
export const signupInvitedMachine = createSignupMachine('invited');
