/**
 * Each flow's legend in docs/statecharts/<slug>.md: the failure codes its machine keeps (machines/<flow>/*.errors.ts
 * and the machine's own types) and the English words the page shows for each, read from the tables of
 * src/lib/*-errors.ts. The code lists are typed by the machines' failure types, so a code added to a machine and left
 * out here does not compile, and neither does one the machine no longer has.
 */
import { setupI18n } from '@lingui/core';
import type { AlertForwardingFailure } from '#machines/alert-forwarding/alert-forwarding.errors.ts';
import type { AlexaTogetherErrorCode } from '#machines/alexa-together/alexa-together.machine.ts';
import { BAD_REQUEST, RATE_LIMITED, UNAVAILABLE } from '#machines/amazon-callback/amazon-callback.machine.ts';
import type { AuthorizedAppsErrorCode } from '#machines/authorized-apps/authorized-apps.errors.ts';
import type { ConsentErrorCode } from '#machines/consent/consent.machine.ts';
import type { CreateGrantFailure } from '#machines/create-grant/create-grant.errors.ts';
import type { CredentialsActionError, CredentialsLoadError } from '#machines/credentials/credentials.errors.ts';
import type { DeviceSessionsErrorCode } from '#machines/device-sessions/device-sessions.errors.ts';
import type { LoginFailure } from '#machines/login/login.errors.ts';
import type { LogoutFailure } from '#machines/logout/logout.machine.ts';
import type { PasswordResetFailure } from '#machines/password-reset/password-reset.errors.ts';
import type { RecoverFailure } from '#machines/recover/recover.errors.ts';
import type { RequestProblem } from '#machines/shared/request-problem.ts';
import type { InvitationProblem, SignupFailure } from '#machines/signup/signup.errors.ts';
import type { SignupResendFailure } from '#machines/signup-resend/signup-resend.machine.ts';
import { NAME_MAX_LENGTH } from '#shared-domain/account.ts';
import { MAX_WEBHOOK_URL_LENGTH } from '#shared-domain/alert-forwarding.ts';
import { APPLICATION_NAME_MAX_LENGTH } from '#shared-domain/credentials.ts';
import { EMAIL_MAX_LENGTH } from '#shared-domain/email.ts';
import { PASSWORD_MAX_LENGTH } from '#shared-domain/password.ts';
import { accountErrors } from '#src/lib/account-errors.ts';
import { developerErrors } from '#src/lib/developer-errors.ts';
import { commonErrors, type ErrorTable, requestProblemText } from '#src/lib/failure-text.ts';
import { errorPageMessageKey, oauthErrors } from '#src/lib/oauth-errors.ts';
import { signInErrors } from '#src/lib/sign-in-errors.ts';

/** One line of a legend: a code (with a hint when the code alone does not say when it shows) and its words. */
export interface LegendRow {
  code: string;
  hint?: string;
  message: string;
}

/** The codes a machine keeps: its bare codes and `{ code }` failures, not the request problems or server words. */
type CodeOf<F> = F extends RequestProblem | { serverMessage: string }
  ? never
  : F extends string
    ? F
    : F extends { code: infer C extends string }
      ? C
      : never;

// The source language: descriptors carry their English message, and no catalog is needed to read it.
const english = setupI18n({ locale: 'en-us', messages: { 'en-us': {} } });

/**
 * Every code of K, each once (a Record, so the compiler checks the list), with its words from `table`; a string
 * instead of `true` says when the code shows, where its name does not.
 */
function codes<K extends string>(table: ErrorTable<K>, all: Record<K, true | string>): LegendRow[] {
  return (Object.entries(all) as Array<[K, true | string]>).map(([code, hint]) => ({
    code,
    hint: typeof hint === 'string' ? hint : undefined,
    message: table[code].message ?? code,
  }));
}

/** Words a page shows beside its machine's codes (a dead link, a failed resend), from the same tables. */
function also<T extends ErrorTable>(table: T, keys: Array<keyof T & string>, hint?: string): LegendRow[] {
  return keys.map((code) => ({ code, hint, message: table[code].message ?? code }));
}

const serverWords: LegendRow = {
  code: 'server message',
  hint: 'a refusal the server words itself',
  message: "(the server's own words, in the page's language, shown as they come)",
};

/**
 * The refusals of a request itself (machines/shared/request-problem.ts) that a flow words, with one real example
 * each: the wait and the field come from the server's answer.
 */
function requestProblems(
  kinds: Array<RequestProblem['code']>,
  field?: { name: string; limit: number; label: string },
): LegendRow[] {
  const examples: Record<RequestProblem['code'], { problem: RequestProblem; hint?: string }> = {
    RateLimited: { problem: { code: 'RateLimited', retryAfterSeconds: 300 }, hint: 'e.g. 5 minutes to wait' },
    FieldProblem: {
      problem: {
        code: 'FieldProblem',
        field: field?.name ?? null,
        problem: 'too_long',
        limit: field?.limit ?? null,
      },
      hint: field ? `e.g. ${field.label} over its limit` : 'a field over its limit',
    },
    RequestTooLarge: { problem: { code: 'RequestTooLarge' } },
    RequestRefused: { problem: { code: 'RequestRefused' } },
  };
  return kinds.map((kind) => ({
    code: kind,
    hint: examples[kind].hint,
    message: requestProblemText(english, examples[kind].problem),
  }));
}

const ALL_REQUEST_PROBLEMS: Array<RequestProblem['code']> = [
  'RateLimited',
  'FieldProblem',
  'RequestTooLarge',
  'RequestRefused',
];

/**
 * The codes /pages/error is sent with (RFC 6749 §4.1.2.1, §5.2, and the portal's own descriptions), each with the
 * words the page shows for it (src/lib/oauth-errors.ts).
 */
function errorPageRows(sent: string[], hint: string): LegendRow[] {
  return sent.map((code) => {
    const key = errorPageMessageKey(code, null) ?? 'ErrorPageGeneric';
    return { code, hint, message: oauthErrors[key].message ?? key };
  });
}

const RFC_6749_ERRORS = [
  'invalid_request',
  'unauthorized_client',
  'access_denied',
  'unsupported_response_type',
  'invalid_scope',
  'server_error',
  'temporarily_unavailable',
];

/** The portal's description for a Login with Amazon whose email already has an account; the brand is its own. */
const emailTaken: LegendRow = {
  code: 'email_already_exists_as_{product}_account',
  message:
    oauthErrors[errorPageMessageKey(null, 'email_already_exists_as_product_account') ?? 'ErrorPageGeneric'].message ??
    '',
};

const emailField = { name: 'email', limit: EMAIL_MAX_LENGTH, label: 'the email' };

/** Per flow slug of scripts/statecharts.registry.ts; an empty legend says so in the diagram's file. */
export const statechartLegends: Record<string, LegendRow[]> = {
  login: [
    ...codes<CodeOf<LoginFailure>>(signInErrors, {
      MISSING_EMAIL: true,
      MISSING_PASSWORD: true,
      InvalidEmailOrPassword: true,
      EmailNotRegistered: true,
      AccountNotVerified: 'shown by the verify-needed page the flow goes to',
      AccountLocked: 'too many failed attempts; the page counts down the lock',
      LoginTooLong: true,
      UnexpectedError: 'an answer other than 401 or 403',
      AnErrorOccured: 'no answer at all',
    }),
    // A body too large can only be the two fields: that is LoginTooLong.
    ...requestProblems(['RateLimited', 'FieldProblem', 'RequestRefused'], emailField),
  ],
  logout: [
    ...codes<CodeOf<LogoutFailure>>(commonErrors, { UnexpectedError: true }),
    serverWords,
    ...requestProblems(ALL_REQUEST_PROBLEMS),
  ],
  recover: [
    ...codes<CodeOf<RecoverFailure>>(accountErrors, {
      PleaseFillInEmail: true,
      EmailInIncorrectFormat: true,
      EmailNotRegistered: true,
      AnErrorOccured: true,
    }),
    ...requestProblems(ALL_REQUEST_PROBLEMS, emailField),
    ...also(accountErrors, ['AnErrorOccurredWhenResending'], 'resending the mail failed'),
    { ...serverWords, hint: 'resending the mail was refused with words of its own' },
  ],
  'password-reset': [
    ...also(accountErrors, ['InvalidRecoveryLink'], 'the mailed link does not work'),
    ...codes<CodeOf<PasswordResetFailure>>(accountErrors, {
      MISSING_PASSWORD: true,
      PASSWORD_NOT_ENOUGH_LENGTH: true,
      PASSWORD_NO_DIGIT: true,
      PASSWORD_NO_UPPERCASE: true,
      PASSWORD_NO_LOWERCASE: true,
      AnErrorOccured: true,
    }),
    serverWords,
    ...requestProblems(ALL_REQUEST_PROBLEMS, { name: 'password', limit: PASSWORD_MAX_LENGTH, label: 'the password' }),
  ],
  'leave-session': [
    ...also(commonErrors, ['AccessDenied'], 'the access-denied page'),
    ...errorPageRows(
      [
        ...RFC_6749_ERRORS,
        'invalid_client',
        'invalid_grant',
        'unsupported_grant_type',
        'invalid_redirect_uri',
        'unknown_authorization_request',
        'user denied authorization request',
        BAD_REQUEST,
        RATE_LIMITED,
      ],
      'the error page',
    ),
    { ...emailTaken, hint: 'the error page' },
    { code: '(any other)', hint: 'the error page', message: oauthErrors.ErrorPageGeneric.message ?? '' },
  ],
  signup: [
    ...codes<Exclude<CodeOf<SignupFailure>, InvitationProblem>>(accountErrors, {
      MISSING_EMAIL: true,
      EMAIL_INCORRECT_FORMAT: true,
      MISSING_PASSWORD: true,
      PASSWORD_NOT_ENOUGH_LENGTH: true,
      PASSWORD_NO_DIGIT: true,
      PASSWORD_NO_UPPERCASE: true,
      PASSWORD_NO_LOWERCASE: true,
      MISSING_NAME: true,
      MISSING_ACCEPT_TERM_AND_CONDITIONS: true,
      CaptchaRequired: true,
      AnErrorOccured: true,
    }),
    serverWords,
    ...requestProblems(ALL_REQUEST_PROBLEMS, { name: 'friendly_name', limit: NAME_MAX_LENGTH, label: 'the name' }),
    ...also(accountErrors, ['AnErrorOccuredWhenResendingVerificationEmail'], 'resending the mail failed'),
  ],
  'signup-invited': [
    ...codes<Exclude<CodeOf<SignupFailure>, 'CaptchaRequired'>>(accountErrors, {
      InvitationNotFound: true,
      InvitationUsed: true,
      InvitationExpired: true,
      InvitationEmailRegistered: true,
      MISSING_EMAIL: true,
      EMAIL_INCORRECT_FORMAT: true,
      MISSING_PASSWORD: true,
      PASSWORD_NOT_ENOUGH_LENGTH: true,
      PASSWORD_NO_DIGIT: true,
      PASSWORD_NO_UPPERCASE: true,
      PASSWORD_NO_LOWERCASE: true,
      MISSING_NAME: true,
      MISSING_ACCEPT_TERM_AND_CONDITIONS: true,
      AnErrorOccured: true,
    }),
    serverWords,
    ...requestProblems(ALL_REQUEST_PROBLEMS, { name: 'friendly_name', limit: NAME_MAX_LENGTH, label: 'the name' }),
  ],
  'signup-verify': [
    ...also(accountErrors, ['InvalidActivationLink'], 'the mailed link does not work'),
    ...also(accountErrors, ['AnErrorOccured'], 'the link could not be checked'),
    ...requestProblems(['RateLimited']),
    ...also(accountErrors, ['AnErrorOccuredWhenResendingVerificationEmail'], 'resending the mail failed'),
  ],
  'signup-resend': [
    ...codes<CodeOf<SignupResendFailure>>(accountErrors, {
      MISSING_EMAIL: true,
      EMAIL_INCORRECT_FORMAT: true,
      EmailNotRegistered: true,
      AnErrorOccuredWhenResendingVerificationEmail: true,
    }),
    ...requestProblems(ALL_REQUEST_PROBLEMS, emailField),
  ],
  consent: codes<ConsentErrorCode>(oauthErrors, {
    InvalidScopeError: 'the server refused the scopes asked for',
    AnErrorOccured: 'the request could not be loaded',
  }),
  'alexa-together': codes<AlexaTogetherErrorCode>(oauthErrors, {
    InvalidScopeError: 'the server refused the scopes asked for',
    AnErrorOccured: 'the request could not be loaded',
  }),
  'amazon-callback': [
    ...errorPageRows([BAD_REQUEST, RATE_LIMITED, UNAVAILABLE], 'sent to the error page'),
    { ...emailTaken, hint: 'sent to the error page' },
    ...errorPageRows(
      RFC_6749_ERRORS.filter((code) => code !== UNAVAILABLE),
      "Amazon's error, passed on to the error page",
    ),
  ],
  'authorized-apps': codes<AuthorizedAppsErrorCode>(developerErrors, {
    AnErrorOccured: 'the list could not be loaded',
    RemoveAppFailed: true,
    NotYourConsent: 'a secondary user removing what someone else allowed',
  }),
  credentials: codes<CredentialsLoadError | CredentialsActionError>(developerErrors, {
    NotAnOwnerMessage: 'loading: code 9, not the owner',
    AccessDenied: 'loading: code 80, no API access',
    AuthenticationError: 'loading failed otherwise: the popup with Close and Login',
    CredentialNotFound: 'changing or deleting a credential that is gone',
    AnErrorOccured: 'changing or deleting failed otherwise',
  }),
  'create-grant': [
    ...codes<CodeOf<CreateGrantFailure>>(developerErrors, {
      MissingRedirectUris: true,
      TooManyRedirectUris: true,
      RedirectUriTooLong: true,
      InvalidRedirectUri: true,
      ApplicationNameTaken: true,
      ClientLimitExceeded: true,
      AnErrorOccured: true,
    }),
    ...requestProblems(ALL_REQUEST_PROBLEMS, {
      name: 'application_name',
      limit: APPLICATION_NAME_MAX_LENGTH,
      label: 'the application name',
    }),
  ],
  'alert-forwarding': [
    ...also(developerErrors, ['AccessDenied'], 'not the owner, or no API access: the access-denied page'),
    ...codes<CodeOf<AlertForwardingFailure>>(developerErrors, {
      InvalidForwardAlertWebhook: true,
      InvalidRsaPublicKey: true,
      NoAlertConfig: 'removed meanwhile (on loading it is the not-configured view, not an error)',
      AlertForwardingAlreadyConfigured: 'set up meanwhile in another tab',
      CredentialNotFound: 'the link names no credential of the account',
      AnErrorOccured: true,
    }),
    ...requestProblems(ALL_REQUEST_PROBLEMS, { name: 'url', limit: MAX_WEBHOOK_URL_LENGTH, label: 'the webhook' }),
  ],
  'device-sessions': codes<DeviceSessionsErrorCode>(developerErrors, {
    AnErrorOccured: 'the list could not be loaded',
    RevokeSessionFailed: true,
    RevokeAllSessionsFailed: true,
  }),
  // The failed check is worded by the shell itself (src/components/session-check-failed.tsx), without a code.
  'session-check': [],
};
