import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { isRequestProblem, type RequestProblem } from '../../machines/shared/request-problem.ts';

/**
 * The one table that turns an error code from a machine's context into words (architecture.md §4 rule 4). Keys are the
 * spec's message keys and codes, so a grep for a code finds its text.
 */
export const errorMessages = {
  MISSING_EMAIL: msg`Please enter your email`,
  MISSING_PASSWORD: msg`Please enter your password`,
  MISSING_NAME: msg`Please enter your name`,
  PASSWORD_NOT_ENOUGH_LENGTH: msg`Password must be 10 to 32 characters long`,
  PASSWORD_NO_DIGIT: msg`Password must contain at least one number`,
  PASSWORD_NO_UPPERCASE: msg`Password must contain at least one uppercase letter`,
  PASSWORD_NO_LOWERCASE: msg`Password must contain at least one lowercase letter`,
  MISSING_ACCEPT_TERM_AND_CONDITIONS: msg`Please accept the terms and conditions`,
  InvalidEmailOrPassword: msg`Invalid email or password`,
  EmailNotRegistered: msg`This email is not registered`,
  AccountNotVerified: msg`The account needs to be verified`,
  AccountLocked: msg`Your account is locked because of too many failed login attempts.`,
  UnexpectedError: msg`Unexpected error, please try again later`,
  AnErrorOccured: msg`An error occured, please try again later`,
  AuthenticationError: msg`Authentication Error Occured`,
  AccessDenied: msg`Access Denied`,
  NotAnOwnerMessage: msg`Only the account owner can access this page`,
  PleaseFillInEmail: msg`Please fill in your email`,
  EmailInIncorrectFormat: msg`Email is in incorrect format`,
  WeHaveResentTheRecoverEmail: msg`We have resent the recovery email`,
  AnErrorOccurredWhenResending: msg`An error occurred when resending the email, please try again later`,
  InvalidRecoveryLink: msg`invalid recovery or activation link (may be expired)`,
  UserDeniedAuthorization: msg`You denied the application access to your account`,
  InvalidScopeError: msg`The application asked for access that cannot be granted to your account`,
  RemoveAppFailed: msg`The application could not be removed, please try again later`,
  NotYourConsent: msg`Only the account owner can remove this application: you did not allow it yourself`,
  RevokeSessionFailed: msg`The session could not be revoked, please try again later`,
  RevokeAllSessionsFailed: msg`The sessions could not be revoked, please try again later`,
  BadRequest: msg`The request was not valid, please try again`,
  EmailAlreadyExistsAsAccount: msg`This email already belongs to an account: sign in with your email and password`,
  EMAIL_INCORRECT_FORMAT: msg`Email is in incorrect format`,
  CaptchaRequired: msg`Please complete the check that you are not a robot`,
  InvalidActivationLink: msg`invalid recovery or activation link (may be expired)`,
  InvitationNotFound: msg`This invitation link is not valid.`,
  InvitationUsed: msg`This invitation has already been used.`,
  InvitationExpired: msg`This invitation has expired, or a newer one replaced it.`,
  InvitationEmailRegistered: msg`An account with this email already exists.`,
  AnErrorOccuredWhenResendingVerificationEmail: msg`Error when resending the verification email, please try again later`,
  ApplicationNameTaken: msg`application name has been taken by another account`,
  ClientLimitExceeded: msg`number of credentials of this grant type has exceeded the limit for the account`,
  MissingRedirectUris: msg`An authorization code grant needs at least one redirect URI`,
  InvalidRedirectUri: msg`Each redirect URI must be a full http:// or https:// address without a fragment`,
  // The limit comes from the server (GET /api/credentials limits, or the error's data.limit): pass it as {limit}.
  TooManyRedirectUris: msg({ message: 'A grant may have at most {limit} redirect URIs' }),
  RedirectUriTooLong: msg({ message: 'A redirect URI may be at most {limit} characters long' }),
  InvalidForwardAlertWebhook: msg`The webhook must be an https:// address on a public host that accepts HTTP POST`,
  InvalidRsaPublicKey: msg`The key must be a 2048-bit RSA public key in PEM format (-----BEGIN PUBLIC KEY-----)`,
  NoAlertConfig: msg`Alert forwarding is not set up for this credential`,
  AlertForwardingAlreadyConfigured: msg`Alert forwarding is already set up for this credential: reload the page to see it`,
  CredentialNotFound: msg`This credential does not exist, or belongs to another account`,
  InvalidOAuthRequest: msg`The application's request was not valid`,
  UnauthorizedClient: msg`The application is not allowed to ask for access this way`,
  UnsupportedOAuthRequest: msg`The application asked for access in a way this portal does not support`,
  TemporarilyUnavailable: msg`The service is temporarily unavailable, please try again later`,
  InvalidClient: msg`This application is not registered here, or may not sign in this way`,
  InvalidGrant: msg`The authorization has expired or was already used: start again from the application`,
  InvalidRedirectUriRequested: msg`The application asked to return to an address it did not register`,
  UnknownAuthorizationRequest: msg`This authorization request has expired or was already answered: start again from the application`,
  ErrorPageGeneric: msg`The request could not be completed. Go back and try again.`,
  LoginTooLong: msg`The email or password is too long`,
  // The error page's words for the portal's rate_limited description (too many sign-ins; it has no wait to say).
  TooManyAttempts: msg`Too many attempts. Please try again later.`,
} satisfies Record<string, MessageDescriptor>;

export type ErrorMessageKey = keyof typeof errorMessages;

/**
 * The error page's words for the codes it is sent with: every OAuth 2.0 error code (RFC 6749 §4.1.2.1, §5.2) and the
 * descriptions the portal itself redirects with. The product's name inside email_already_exists_as_{product}_account
 * is matched loosely, so the page does not hard-code the brand.
 */
const errorPageKeys: Record<string, ErrorMessageKey> = {
  invalid_request: 'InvalidOAuthRequest',
  unauthorized_client: 'UnauthorizedClient',
  access_denied: 'AccessDenied',
  unsupported_response_type: 'UnsupportedOAuthRequest',
  invalid_scope: 'InvalidScopeError',
  server_error: 'UnexpectedError',
  temporarily_unavailable: 'TemporarilyUnavailable',
  invalid_client: 'InvalidClient',
  invalid_grant: 'InvalidGrant',
  unsupported_grant_type: 'UnsupportedOAuthRequest',
  invalid_redirect_uri: 'InvalidRedirectUriRequested',
  unknown_authorization_request: 'UnknownAuthorizationRequest',
  'user denied authorization request': 'UserDeniedAuthorization',
  bad_request: 'BadRequest',
  rate_limited: 'TooManyAttempts',
};

function errorPageKey(value: string | null): ErrorMessageKey | null {
  if (!value) return null;
  if (Object.hasOwn(errorPageKeys, value)) return errorPageKeys[value];
  return /^email_already_exists_as_[a-z0-9_-]+_account$/i.test(value) ? 'EmailAlreadyExistsAsAccount' : null;
}

/**
 * What /pages/error says under its heading, from its `error` and `error_description` query parameters: the
 * description's words when it is a known code (it is the more precise), else the error code's, else a generic message.
 * Anyone can write that link, so text from it is never shown: it would print their sentence under the portal's logo.
 * Null when the link carries neither parameter.
 */
export function errorPageMessageKey(error: string | null, description: string | null): ErrorMessageKey | null {
  if (!error && !description) return null;
  return errorPageKey(description) ?? errorPageKey(error) ?? 'ErrorPageGeneric';
}

/**
 * Words for a RequestProblem (machines/shared/request-problem.ts): the server sends these refusals in English only,
 * so they are worded here from their code and facts, in the reader's language.
 */
const requestProblemMessages = {
  tooManyAttempts: msg`Too many attempts.`,
  tryAgainIn: msg({ message: 'Try again in {time}.' }),
  tryAgainLater: msg`Please try again later.`,
  minutesSeconds: msg({ message: '{minutes} min {seconds} s' }),
  tooLong: msg({ message: '{field}: at most {limit} characters' }),
  tooShort: msg({ message: '{field}: at least {limit} characters' }),
  tooMany: msg({ message: '{field}: at most {limit} entries' }),
  tooFew: msg({ message: '{field}: at least {limit} entries' }),
  invalid: msg({ message: '{field}: this value is not valid' }),
  requestTooLarge: msg`What you entered is too long`,
};

/** The request fields a page can be told about, by their wire names, under the labels their forms show. */
const fieldLabels: Partial<Record<string, MessageDescriptor>> = {
  email: msg`Email`,
  username: msg`Email`,
  password: msg`Password`,
  friendly_name: msg`Name`,
  application_name: msg`Application name`,
  redirect_uris: msg`Redirect URIs`,
  url: msg`Webhook URL`,
  public_rsa_key: msg`RSA public key`,
};

/** "5 min 0 s": the same words as the lock countdown. */
export function minutesSeconds(i18n: I18n, totalSeconds: number): string {
  const seconds = Math.max(0, Math.ceil(totalSeconds));
  return i18n._({ ...requestProblemMessages.minutesSeconds, values: { minutes: Math.floor(seconds / 60), seconds: seconds % 60 } });
}

export function requestProblemText(i18n: I18n, problem: RequestProblem): string {
  const m = requestProblemMessages;
  switch (problem.code) {
    case 'RateLimited': {
      const when = problem.retryAfterSeconds
        ? i18n._({ ...m.tryAgainIn, values: { time: minutesSeconds(i18n, problem.retryAfterSeconds) } })
        : i18n._(m.tryAgainLater);
      return `${i18n._(m.tooManyAttempts)} ${when}`;
    }
    case 'RequestTooLarge':
      return i18n._(m.requestTooLarge);
    case 'RequestRefused':
      return i18n._(errorMessages.BadRequest);
    case 'FieldProblem': {
      const label = problem.field ? fieldLabels[problem.field] : undefined;
      // A field no form shows, or a problem without words of its own, is still the request's fault.
      if (!label) return i18n._(problem.problem === 'too_long' ? m.requestTooLarge : errorMessages.BadRequest);
      const values = { field: i18n._(label), limit: problem.limit ?? '' };
      const sized = { too_long: m.tooLong, too_short: m.tooShort, too_many: m.tooMany, too_few: m.tooFew } as const;
      const descriptor = problem.limit !== null && problem.problem in sized ? sized[problem.problem as keyof typeof sized] : m.invalid;
      return i18n._({ ...descriptor, values });
    }
  }
}

/**
 * What a page says for a failure its machine kept: a translated code (bare, or as `{ code }`), a RequestProblem, or the
 * server's own words.
 */
export function failureText(
  i18n: I18n,
  failure: ErrorMessageKey | { code: ErrorMessageKey } | RequestProblem | { serverMessage: string },
): string {
  if (typeof failure === 'string') return i18n._(errorMessages[failure]);
  if ('serverMessage' in failure) return failure.serverMessage;
  if (isRequestProblem(failure)) return requestProblemText(i18n, failure);
  return i18n._(errorMessages[failure.code]);
}
