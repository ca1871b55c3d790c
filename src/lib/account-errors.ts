import { msg } from '@lingui/core/macro';
import { about, type ErrorTable } from './failure-text.ts';
import { signInErrors } from './sign-in-errors.ts';

/** The account pages' codes: sign-up (direct and invited), verification, recovery and the password change. */
export const accountErrors = {
  ...signInErrors,
  MISSING_NAME: about('name', msg`Please enter your name`),
  PASSWORD_NOT_ENOUGH_LENGTH: about('password', msg`Password must be 10 to 32 characters long`),
  PASSWORD_NO_DIGIT: about('password', msg`Password must contain at least one number`),
  PASSWORD_NO_UPPERCASE: about('password', msg`Password must contain at least one uppercase letter`),
  PASSWORD_NO_LOWERCASE: about('password', msg`Password must contain at least one lowercase letter`),
  MISSING_ACCEPT_TERM_AND_CONDITIONS: msg`Please accept the terms and conditions`,
  EMAIL_INCORRECT_FORMAT: about('email', msg`Email is in incorrect format`),
  PleaseFillInEmail: about('email', msg`Please fill in your email`),
  EmailInIncorrectFormat: about('email', msg`Email is in incorrect format`),
  CaptchaRequired: msg`Please complete the check that you are not a robot`,
  InvitationNotFound: msg`This invitation link is not valid.`,
  InvitationUsed: msg`This invitation has already been used.`,
  InvitationExpired: msg`This invitation has expired, or a newer one replaced it.`,
  InvitationEmailRegistered: about('email', msg`An account with this email already exists.`),
  WeHaveResentTheRecoverEmail: msg`We have resent the recovery email`,
  AnErrorOccurredWhenResending: msg`An error occurred when resending the email, please try again later`,
  AnErrorOccuredWhenResendingVerificationEmail: msg`Error when resending the verification email, please try again later`,
  InvalidRecoveryLink: msg`invalid recovery or activation link (may be expired)`,
  InvalidActivationLink: msg`invalid recovery or activation link (may be expired)`,
} satisfies ErrorTable;
