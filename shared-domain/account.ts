import { ValidationCode } from './error-codes.ts';
import { validatePassword, type PasswordValidationCode } from './password.ts';

// Deliberately loose (one @, a dot in the domain, no spaces): the verification mail is the real check.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const EMAIL_MAX_LENGTH = 254;
export const NAME_MAX_LENGTH = 100;

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

export interface SignupFields {
  email: string;
  password: string;
  friendlyName: string;
  acceptTerms: boolean;
}

export type SignupValidationCode =
  | EmailValidationCode
  | PasswordValidationCode
  | typeof ValidationCode.MISSING_NAME
  | typeof ValidationCode.MISSING_ACCEPT_TERM_AND_CONDITIONS;

/** product.md §5's order: email, email format, password rules, name, terms. Client and server answer the same code. */
export function validateSignup(fields: SignupFields): SignupValidationCode | null {
  return (
    validateEmail(fields.email) ??
    validatePassword(fields.password) ??
    (fields.friendlyName.trim() === '' ? ValidationCode.MISSING_NAME : null) ??
    (fields.acceptTerms ? null : ValidationCode.MISSING_ACCEPT_TERM_AND_CONDITIONS)
  );
}

/** product.md §3 regions; the activation page names the one the account lives in. */
export const REGIONS = ['prod', 'prodca', 'beijing', 'ireland', 'test', 'dev'] as const;
export type Region = (typeof REGIONS)[number];
