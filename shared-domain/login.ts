import { ValidationCode } from './error-codes.ts';

export interface LoginFields {
  username: string;
  password: string;
}

export type LoginValidationCode = typeof ValidationCode.MISSING_EMAIL | typeof ValidationCode.MISSING_PASSWORD;

/** Client and server check the same things in the same order (product.md §5: MISSING_EMAIL, then MISSING_PASSWORD). */
export function validateLogin(fields: LoginFields): LoginValidationCode | null {
  if (fields.username.trim() === '') return ValidationCode.MISSING_EMAIL;
  if (fields.password === '') return ValidationCode.MISSING_PASSWORD;
  return null;
}

/**
 * The longest password the login form takes and the server reads: far above the 32 the password rule allows, it only
 * bounds the work one request can cause (argon2 hashes whatever it is given).
 */
export const LOGIN_PASSWORD_MAX_LENGTH = 1024;

/** The account an email names, as the server looks it up: case and surrounding spaces do not matter. */
export function loginAccount(email: string): string {
  return email.trim().toLowerCase();
}

/** POST /api/login answers this on success; the client navigates to `redirect` (already checked by the server). */
export type { LoginAnswer as LoginSuccessBody } from './contracts/auth.contract.ts';

/** Public claims of the session, readable by the SPA (architecture.md §5); never the credential itself. */
export interface SessionClaims {
  apiAccess: boolean;
  isGroupOwner: boolean;
}

/** Name of the non-HttpOnly companion cookie holding base64url(JSON SessionClaims). */
export const CLAIMS_COOKIE = 'sid_claims';
export const SESSION_COOKIE = 'sid';
