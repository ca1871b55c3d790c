import { ValidationCode } from './error-codes.ts';

// Deliberately loose (one @, a dot in the domain, no spaces): the verification mail is the real check.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const EMAIL_MAX_LENGTH = 254;

export function isEmailFormat(email: string): boolean {
  const value = email.trim();
  return value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value);
}

export type EmailValidationCode = typeof ValidationCode.MISSING_EMAIL | typeof ValidationCode.EMAIL_INCORRECT_FORMAT;

export function validateEmail(email: string): EmailValidationCode | null {
  if (email.trim() === '') return ValidationCode.MISSING_EMAIL;
  if (!isEmailFormat(email)) return ValidationCode.EMAIL_INCORRECT_FORMAT;
  return null;
}
