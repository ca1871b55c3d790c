import { ValidationCode } from './error-codes.ts';

/** product.md §5 and §9: 10 to 32 characters in every language (a Japanese text of the first specification said 8). */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 32;

export type PasswordValidationCode =
  | typeof ValidationCode.MISSING_PASSWORD
  | typeof ValidationCode.PASSWORD_NOT_ENOUGH_LENGTH
  | typeof ValidationCode.PASSWORD_NO_DIGIT
  | typeof ValidationCode.PASSWORD_NO_UPPERCASE
  | typeof ValidationCode.PASSWORD_NO_LOWERCASE;

/** The live checklist of the password-change page (product.md §3 "Password requirement state"). */
export interface PasswordRequirements {
  enoughLength: boolean;
  hasANumber: boolean;
  hasUpperChar: boolean;
  hasLowerChar: boolean;
}

export function passwordRequirements(password: string): PasswordRequirements {
  return {
    enoughLength: password.length >= PASSWORD_MIN_LENGTH && password.length <= PASSWORD_MAX_LENGTH,
    hasANumber: /[0-9]/.test(password),
    hasUpperChar: /[A-Z]/.test(password),
    hasLowerChar: /[a-z]/.test(password),
  };
}

/** First failing rule in the spec's order (§5), so client and server report the same code for the same input. */
export function validatePassword(password: string): PasswordValidationCode | null {
  if (password === '') return ValidationCode.MISSING_PASSWORD;
  const met = passwordRequirements(password);
  if (!met.enoughLength) return ValidationCode.PASSWORD_NOT_ENOUGH_LENGTH;
  if (!met.hasANumber) return ValidationCode.PASSWORD_NO_DIGIT;
  if (!met.hasUpperChar) return ValidationCode.PASSWORD_NO_UPPERCASE;
  if (!met.hasLowerChar) return ValidationCode.PASSWORD_NO_LOWERCASE;
  return null;
}
