import { msg } from '@lingui/core/macro';
import { about, commonErrors, type ErrorTable } from './failure-text.ts';

/** The sign-in form's codes (product.md §2.1), also what the account pages say about a locked or unverified account. */
export const signInErrors = {
  ...commonErrors,
  MISSING_EMAIL: about('email', msg`Please enter your email`),
  MISSING_PASSWORD: about('password', msg`Please enter your password`),
  InvalidEmailOrPassword: msg`Invalid email or password`,
  EmailNotRegistered: about('email', msg`This email is not registered`),
  AccountNotVerified: msg`The account needs to be verified`,
  AccountLocked: msg`Your account is locked because of too many failed login attempts.`,
  LoginTooLong: msg`The email or password is too long`,
} satisfies ErrorTable;
