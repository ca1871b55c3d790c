import { createSignupMachine } from '../signup/signup.machine.ts';

/**
 * The signup machine built for an invitation (the link checked first, no captcha, email fixed by the server, no
 * resend): its own statechart and tests because its graph differs, its rules the same by construction.
 */
// Stryker disable next-line StringLiteral: every kind but 'direct' builds the invited machine.
export const signupInvitedMachine = createSignupMachine('invited');
