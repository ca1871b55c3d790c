import type { ErrorName } from './error-catalogue.ts';
/**
 * Error codes that cross the wire (architecture.md §4 rule 4). Numeric codes are the spec's server codes (§8); string
 * codes are the spec's validation codes plus the few generic ones every endpoint can answer with.
 */
export const ServerCode = {
  AccountNotVerified: 8,
  NotOwner: 9,
  NoAlertConfig: 28,
  AccountLocked: 78,
  AccessDenied: 80,
  EmailNotRegistered: 82,
} as const;

export const ValidationCode = {
  MISSING_EMAIL: 'MISSING_EMAIL',
  MISSING_PASSWORD: 'MISSING_PASSWORD',
  MISSING_NAME: 'MISSING_NAME',
  PASSWORD_NOT_ENOUGH_LENGTH: 'PASSWORD_NOT_ENOUGH_LENGTH',
  PASSWORD_NO_DIGIT: 'PASSWORD_NO_DIGIT',
  PASSWORD_NO_UPPERCASE: 'PASSWORD_NO_UPPERCASE',
  PASSWORD_NO_LOWERCASE: 'PASSWORD_NO_LOWERCASE',
  MISSING_ACCEPT_TERM_AND_CONDITIONS: 'MISSING_ACCEPT_TERM_AND_CONDITIONS',
  /** product.md §5: 'Email is in incorrect format' (recovery's message key EmailInIncorrectFormat). */
  EMAIL_INCORRECT_FORMAT: 'EMAIL_INCORRECT_FORMAT',
} as const;

/** Codes that are not in the spec's catalogue but that any endpoint may answer with. */
export const GenericCode = {
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  NO_SESSION: 'NO_SESSION',
  VALIDATION_ERROR: 'VALIDATION_ERROR',
  BAD_REQUEST: 'BAD_REQUEST',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FORBIDDEN_ORIGIN: 'FORBIDDEN_ORIGIN',
  RATE_LIMITED: 'RATE_LIMITED',
  /** A verification, reset or invitation token that is unknown, used, expired or superseded. */
  INVALID_TOKEN: 'INVALID_TOKEN',
  /** GET /api/signup/invite/check: no invitation has this token (never issued, another kind, or purged). */
  INVITATION_NOT_FOUND: 'INVITATION_NOT_FOUND',
  /** GET /api/signup/invite/check: the invitation already created its account. */
  INVITATION_USED: 'INVITATION_USED',
  /** GET /api/signup/invite/check: the invitation expired, or a newer one to the same email replaced it. */
  INVITATION_EXPIRED: 'INVITATION_EXPIRED',
  CAPTCHA_INVALID: 'CAPTCHA_INVALID',
  EMAIL_ALREADY_REGISTERED: 'EMAIL_ALREADY_REGISTERED',
  ALREADY_VERIFIED: 'ALREADY_VERIFIED',
  NOT_FOUND: 'NOT_FOUND',
  /** A consent page's request handle names no pending request of this user (unknown, expired, answered, another's). */
  CONSENT_REQUEST_NOT_FOUND: 'CONSENT_REQUEST_NOT_FOUND',
  /** The consent page's query names another client, redirect URI or scope than the request its handle names. */
  CONSENT_REQUEST_MISMATCH: 'CONSENT_REQUEST_MISMATCH',
  /** The pending request's scope is no longer within the user's rights or the client's allowed scopes. */
  CONSENT_SCOPE_NOT_ALLOWED: 'CONSENT_SCOPE_NOT_ALLOWED',
  /** Create grant (product.md §8): 'application name has been taken by another account'. */
  APPLICATION_NAME_TAKEN: 'APPLICATION_NAME_TAKEN',
  /**
   * Create grant (product.md §8): 'number of credentials of this grant type has exceeded the limit for the account'.
   */
  CLIENT_LIMIT_EXCEEDED: 'CLIENT_LIMIT_EXCEEDED',
  /** A redirect URI that is not an absolute http(s) URL, or redirect URIs on a grant type that takes none. */
  INVALID_REDIRECT_URI: 'INVALID_REDIRECT_URI',
  /** More redirect URIs than a grant may have; error.data.limit is the most it may have. */
  TOO_MANY_REDIRECT_URIS: 'TOO_MANY_REDIRECT_URIS',
  /** A redirect URI longer than error.data.limit characters. */
  REDIRECT_URI_TOO_LONG: 'REDIRECT_URI_TOO_LONG',
  /** Alert forwarding is set up already: new keys come from Acquire New Keys, not from a second setup. */
  ALERT_FORWARDING_EXISTS: 'ALERT_FORWARDING_EXISTS',
  /** A secondary user removing an authorized application they never consented to: only the owner removes others'. */
  NOT_YOUR_CONSENT: 'NOT_YOUR_CONSENT',
  /** A call made with an OAuth access token (the internal alert ingestion) that has none, or one that is not valid. */
  INVALID_ACCESS_TOKEN: 'INVALID_ACCESS_TOKEN',
  /** A valid access token without the scope the call needs (RFC 6750 §3.1 insufficient_scope). */
  INSUFFICIENT_SCOPE: 'INSUFFICIENT_SCOPE',
  /** An idempotency key used again with another request body: the first request's answer stands. */
  IDEMPOTENCY_KEY_REUSED: 'IDEMPOTENCY_KEY_REUSED',
  /** Redeliver asked of a delivery that has not failed: one pending is still tried, one delivered arrived. */
  ALERT_DELIVERY_NOT_FAILED: 'ALERT_DELIVERY_NOT_FAILED',
  /** Something the instance needs (the database, Redis) cannot be reached now; `Retry-After` says when to ask again. */
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  INTERNAL: 'INTERNAL',
} as const;

export type ErrorCodeValue =
  | (typeof ServerCode)[keyof typeof ServerCode]
  | (typeof ValidationCode)[keyof typeof ValidationCode]
  | (typeof GenericCode)[keyof typeof GenericCode];

/** The spec's error body (§3 "Error response"). */
export interface ApiErrorBody {
  success: false;
  message: string;
  /** `name` is one of the catalogue's (shared-domain/error-catalogue.ts): what clients branch on (decision 0016). */
  error: { code: ErrorCodeValue; name: ErrorName; data?: Record<string, unknown> };
}
