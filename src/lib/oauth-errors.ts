import { msg } from '@lingui/core/macro';
import { about, commonErrors, type ErrorTable } from './failure-text.ts';

/** The codes of the pages an OAuth request passes through: consent, Alexa Together, the error page. */
export const oauthErrors = {
  ...commonErrors,
  UserDeniedAuthorization: msg`You denied the application access to your account`,
  InvalidScopeError: msg`The application asked for access that cannot be granted to your account`,
  EmailAlreadyExistsAsAccount: about(
    'email',
    msg`This email already belongs to an account: sign in with your email and password`,
  ),
  InvalidOAuthRequest: msg`The application's request was not valid`,
  UnauthorizedClient: msg`The application is not allowed to ask for access this way`,
  UnsupportedOAuthRequest: msg`The application asked for access in a way this portal does not support`,
  TemporarilyUnavailable: msg`The service is temporarily unavailable, please try again later`,
  InvalidClient: msg`This application is not registered here, or may not sign in this way`,
  InvalidGrant: msg`The authorization has expired or was already used: start again from the application`,
  InvalidRedirectUriRequested: msg`The application asked to return to an address it did not register`,
  UnknownAuthorizationRequest: msg`This authorization request has expired or was already answered: start again from the application`,
  ErrorPageGeneric: msg`The request could not be completed. Go back and try again.`,
  // The error page's words for the portal's rate_limited description (too many sign-ins; it has no wait to say).
  TooManyAttempts: msg`Too many attempts. Please try again later.`,
} satisfies ErrorTable;

export type OAuthErrorKey = keyof typeof oauthErrors;

/**
 * The error page's words for the codes it is sent with: every OAuth 2.0 error code (RFC 6749 §4.1.2.1, §5.2) and the
 * descriptions the portal itself redirects with. The product's name inside email_already_exists_as_{product}_account
 * is matched loosely, so the page does not hard-code the brand.
 */
const errorPageKeys: Record<string, OAuthErrorKey> = {
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

function errorPageKey(value: string | null): OAuthErrorKey | null {
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
export function errorPageMessageKey(error: string | null, description: string | null): OAuthErrorKey | null {
  if (!error && !description) return null;
  return errorPageKey(description) ?? errorPageKey(error) ?? 'ErrorPageGeneric';
}
