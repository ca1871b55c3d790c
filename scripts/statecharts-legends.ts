/**
 * Each flow's legend in docs/statecharts/<slug>.md: the failure codes its machine keeps (machines/<flow>/*.errors.ts
 * and the machine's own types) and the English words the page shows for each, read from the tables of
 * src/lib/*-errors.ts. Each list of a machine's own codes is typed by its failure type, so a code added to a machine
 * and left out here does not compile, and neither does one the machine no longer has; the words a page shows beside
 * them (`also`) are typed by their table.
 */
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
import type { InvitationProblem, SignupFailure } from '#machines/signup/signup.errors.ts';
import type { SignupResendFailure } from '#machines/signup-resend/signup-resend.machine.ts';
import { NAME_MAX_LENGTH } from '#shared-domain/account.ts';
import { MAX_WEBHOOK_URL_LENGTH } from '#shared-domain/alert-forwarding.ts';
import { APPLICATION_NAME_MAX_LENGTH } from '#shared-domain/credentials.ts';
import { EMAIL_MAX_LENGTH } from '#shared-domain/email.ts';
import { PASSWORD_MAX_LENGTH } from '#shared-domain/password.ts';
import { accountErrors } from '#src/lib/account-errors.ts';
import { developerErrors } from '#src/lib/developer-errors.ts';
import { commonErrors } from '#src/lib/failure-text.ts';
import { oauthErrors } from '#src/lib/oauth-errors.ts';
import { signInErrors } from '#src/lib/sign-in-errors.ts';
import {
  ALL_REQUEST_PROBLEMS,
  also,
  type CodeOf,
  codes,
  emailTaken,
  errorPageRows,
  type LegendRow,
  RFC_6749_ERRORS,
  requestProblems,
  serverWords,
} from './statecharts-legend-rows.ts';

export type { LegendRow } from './statecharts-legend-rows.ts';

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
      AlertDeliveryNotFailed: 'Redeliver of a delivery that was delivered or is still tried (another tab)',
      AlertDeliveryNotFound: 'Redeliver of a delivery gone from the log (purged, or the configuration cleared)',
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
