import { type ErrorCodeValue, GenericCode, ServerCode, ValidationCode } from './error-codes.ts';

/**
 * Every refusal the portal's API answers (outside the OAuth protocol endpoints, which answer RFC 6749's
 * `{ error, error_description }`): its name, HTTP status and the spec's code (product.md §8), once. The name is the
 * identity clients branch on (docs/decisions/0016); the code is a function of it. `message` is the English default
 * for logs and API consumers; a few refusals word their facts or answer in the request's language instead.
 * Zod-free, so the SPA may import it without growing its first load.
 */
export const ERROR_CATALOGUE = {
  // Refusals any endpoint can answer (docs/api/errors.md).
  ValidationError: { status: 400, code: GenericCode.VALIDATION_ERROR, message: 'Request validation failed' },
  BadRequest: { status: 400, code: GenericCode.BAD_REQUEST, message: 'Malformed request' },
  NoSession: { status: 401, code: GenericCode.NO_SESSION, message: 'Not logged in' },
  ForbiddenOrigin: { status: 403, code: GenericCode.FORBIDDEN_ORIGIN, message: 'Cross-origin request refused' },
  NotFound: { status: 404, code: GenericCode.NOT_FOUND, message: 'Not found' },
  PayloadTooLarge: { status: 413, code: GenericCode.PAYLOAD_TOO_LARGE, message: 'Request body is too large' },
  UnsupportedMediaType: {
    status: 415,
    code: GenericCode.UNSUPPORTED_MEDIA_TYPE,
    message: 'Content-Type must be application/json',
  },
  RateLimited: { status: 429, code: GenericCode.RATE_LIMITED, message: 'Too many requests' },
  // What the router and the file server refuse before any route runs, each with the status HTTP gives it.
  UriTooLong: { status: 414, code: GenericCode.BAD_REQUEST, message: 'The address is too long' },
  PreconditionFailed: { status: 412, code: GenericCode.BAD_REQUEST, message: 'A precondition of the request failed' },
  RangeNotSatisfiable: { status: 416, code: GenericCode.BAD_REQUEST, message: 'The range is not satisfiable' },
  InternalError: { status: 500, code: GenericCode.INTERNAL, message: 'Internal server error' },
  ServiceUnavailable: {
    status: 503,
    code: GenericCode.SERVICE_UNAVAILABLE,
    message: 'Service temporarily unavailable',
  },

  // The account form rules (product.md §5), in the request's language where the page shows them (product.md §8).
  MissingEmail: { status: 400, code: ValidationCode.MISSING_EMAIL, message: 'Email is required' },
  EmailInIncorrectFormat: {
    status: 400,
    code: ValidationCode.EMAIL_INCORRECT_FORMAT,
    message: 'Email is in incorrect format',
  },
  MissingPassword: { status: 400, code: ValidationCode.MISSING_PASSWORD, message: 'Password is required' },
  PASSWORD_NOT_ENOUGH_LENGTH: {
    status: 400,
    code: ValidationCode.PASSWORD_NOT_ENOUGH_LENGTH,
    message: 'Password must be 10 to 32 characters long',
  },
  PASSWORD_NO_DIGIT: { status: 400, code: ValidationCode.PASSWORD_NO_DIGIT, message: 'Password must contain a digit' },
  PASSWORD_NO_UPPERCASE: {
    status: 400,
    code: ValidationCode.PASSWORD_NO_UPPERCASE,
    message: 'Password must contain an uppercase letter',
  },
  PASSWORD_NO_LOWERCASE: {
    status: 400,
    code: ValidationCode.PASSWORD_NO_LOWERCASE,
    message: 'Password must contain a lowercase letter',
  },
  MissingName: { status: 400, code: ValidationCode.MISSING_NAME, message: 'Name is required' },
  MissingAcceptTermAndConditions: {
    status: 400,
    code: ValidationCode.MISSING_ACCEPT_TERM_AND_CONDITIONS,
    message: 'The terms and conditions must be accepted',
  },
  CaptchaInvalid: { status: 400, code: GenericCode.CAPTCHA_INVALID, message: 'The captcha was not solved' },
  EmailAlreadyRegistered: {
    status: 409,
    code: GenericCode.EMAIL_ALREADY_REGISTERED,
    message: 'Email is already registered',
  },
  AlreadyVerified: { status: 400, code: GenericCode.ALREADY_VERIFIED, message: 'The account is already verified' },
  InvalidToken: { status: 400, code: GenericCode.INVALID_TOKEN, message: 'The link is invalid or has expired' },
  InvitationNotFound: { status: 404, code: GenericCode.INVITATION_NOT_FOUND, message: 'No such invitation' },
  InvitationUsed: { status: 410, code: GenericCode.INVITATION_USED, message: 'The invitation has been used' },
  InvitationExpired: { status: 410, code: GenericCode.INVITATION_EXPIRED, message: 'The invitation has expired' },
  /** Operator CLI only (server/cli/admin.ts): the group a new user should join has no owner with that email. */
  GroupOwnerNotFound: { status: 400, code: GenericCode.VALIDATION_ERROR, message: 'No group owner with that email' },

  // Login and the session (product.md §8).
  EmailNotRegistered: { status: 401, code: ServerCode.EmailNotRegistered, message: 'Email is not registered' },
  InvalidEmailOrPassword: { status: 401, code: GenericCode.INVALID_CREDENTIALS, message: 'Invalid email or password' },
  AccountNotVerified: { status: 403, code: ServerCode.AccountNotVerified, message: 'The account needs to be verified' },
  AccountLocked: {
    status: 403,
    code: ServerCode.AccountLocked,
    message: 'Account locked due to too many failed login attempts',
  },
  SessionNotFound: { status: 404, code: GenericCode.NOT_FOUND, message: 'No such live session' },
  AmazonLoginUnavailable: {
    status: 400,
    code: GenericCode.BAD_REQUEST,
    message: 'Login with Amazon is not configured',
  },
  AmazonLinkingUnsupported: {
    status: 400,
    code: GenericCode.BAD_REQUEST,
    message: 'Linking an existing account is not supported',
  },
  AmazonLoginFailed: { status: 400, code: GenericCode.BAD_REQUEST, message: 'Login with Amazon failed' },
  EmailAlreadyExists: {
    status: 409,
    code: GenericCode.EMAIL_ALREADY_REGISTERED,
    message: 'An account with this email already exists',
  },

  // Developer pages (product.md §6): credentials and alert forwarding.
  NotOwner: { status: 403, code: ServerCode.NotOwner, message: 'Only the account owner can access this page' },
  AccessDenied: { status: 403, code: ServerCode.AccessDenied, message: 'The account has no API access' },
  ClientNotFound: { status: 404, code: GenericCode.NOT_FOUND, message: 'No such credential' },
  InvalidGrantType: { status: 400, code: GenericCode.VALIDATION_ERROR, message: 'Unknown grant_type' },
  ClientLimitExceeded: {
    status: 409,
    code: GenericCode.CLIENT_LIMIT_EXCEEDED,
    message: 'number of credentials of this grant type has exceeded the limit for the account',
  },
  ApplicationNameTaken: {
    status: 409,
    code: GenericCode.APPLICATION_NAME_TAKEN,
    message: 'application name has been taken by another account',
  },
  InvalidRedirectUri: { status: 400, code: GenericCode.INVALID_REDIRECT_URI, message: 'Invalid redirect URI' },
  TooManyRedirectUris: { status: 400, code: GenericCode.TOO_MANY_REDIRECT_URIS, message: 'Too many redirect URIs' },
  RedirectUriTooLong: { status: 400, code: GenericCode.REDIRECT_URI_TOO_LONG, message: 'A redirect URI is too long' },
  AlertForwardingAlreadyConfigured: {
    status: 409,
    code: GenericCode.ALERT_FORWARDING_EXISTS,
    message: 'Alert forwarding is already set up for this credential',
  },
  InvalidForwardAlertWebhook: {
    status: 400,
    code: GenericCode.VALIDATION_ERROR,
    message: 'The webhook must be an https URL on a public host',
  },
  InvalidRsaPublicKey: {
    status: 400,
    code: GenericCode.VALIDATION_ERROR,
    message: 'The key must be a 2048-bit RSA public key in PEM (-----BEGIN PUBLIC KEY-----)',
  },
  NoAlertConfig: { status: 404, code: ServerCode.NoAlertConfig, message: 'Alert forwarding is not set up' },

  // Authorized applications and the consent pages (docs/api/oauth.md).
  NotYourConsent: {
    status: 403,
    code: GenericCode.NOT_YOUR_CONSENT,
    message: 'Only the account owner can remove an application you did not allow yourself',
  },
  ConsentRequestMismatch: {
    status: 400,
    code: GenericCode.CONSENT_REQUEST_MISMATCH,
    message: 'The page does not show the authorization request it names',
  },
  ConsentRequestNotFound: {
    status: 404,
    code: GenericCode.CONSENT_REQUEST_NOT_FOUND,
    message: 'No such authorization request is waiting for this user',
  },
  ConsentScopeNotAllowed: {
    status: 403,
    code: GenericCode.CONSENT_SCOPE_NOT_ALLOWED,
    message: 'The requested access can no longer be granted to this account',
  },

  // Alert ingestion by the monitoring backend and the delivery log (docs/api/alert-ingestion.md).
  InvalidAccessToken: {
    status: 401,
    code: GenericCode.INVALID_ACCESS_TOKEN,
    message: 'A valid Bearer access token is required',
  },
  InsufficientScope: {
    status: 403,
    code: GenericCode.INSUFFICIENT_SCOPE,
    message: 'The access token does not carry the scope this call needs',
  },
  AlertAccountNotFound: { status: 404, code: GenericCode.NOT_FOUND, message: 'No account has this user' },
  IdempotencyKeyReused: {
    status: 422,
    code: GenericCode.IDEMPOTENCY_KEY_REUSED,
    message: 'This idempotency key was used with another request body',
  },
  AlertDeliveryNotFound: { status: 404, code: GenericCode.NOT_FOUND, message: 'No such alert delivery' },
  AlertDeliveryNotFailed: {
    status: 409,
    code: GenericCode.ALERT_DELIVERY_NOT_FAILED,
    message: 'Only a failed delivery can be redelivered',
  },
} as const satisfies Record<string, { status: number; code: ErrorCodeValue; message: string }>;

export type ErrorName = keyof typeof ERROR_CATALOGUE;
export type ErrorStatus = (typeof ERROR_CATALOGUE)[ErrorName]['status'];

export const ERROR_NAMES = Object.keys(ERROR_CATALOGUE) as ErrorName[];

export function isErrorName(value: unknown): value is ErrorName {
  return typeof value === 'string' && Object.hasOwn(ERROR_CATALOGUE, value);
}
