import { type EmailValidationCode, validateEmail } from './email.ts';
import { ValidationCode } from './error-codes.ts';
import { type PasswordValidationCode, validatePassword } from './password.ts';

export const NAME_MAX_LENGTH = 100;

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
