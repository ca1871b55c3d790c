import { msg } from '@lingui/core/macro';
import { about, commonErrors, type ErrorTable } from './failure-text.ts';

/** The developer pages' codes: credentials, alert forwarding, authorized applications and device sessions. */
export const developerErrors = {
  ...commonErrors,
  AuthenticationError: msg`Authentication Error Occured`,
  NotAnOwnerMessage: msg`Only the account owner can access this page`,
  RemoveAppFailed: msg`The application could not be removed, please try again later`,
  NotYourConsent: msg`Only the account owner can remove this application: you did not allow it yourself`,
  RevokeSessionFailed: msg`The session could not be revoked, please try again later`,
  RevokeAllSessionsFailed: msg`The sessions could not be revoked, please try again later`,
  ApplicationNameTaken: about('name', msg`application name has been taken by another account`),
  ClientLimitExceeded: msg`number of credentials of this grant type has exceeded the limit for the account`,
  MissingRedirectUris: about('redirectUris', msg`An authorization code grant needs at least one redirect URI`),
  InvalidRedirectUri: about(
    'redirectUris',
    msg`Each redirect URI must be a full http:// or https:// address without a fragment`,
  ),
  // The limit comes from the server (GET /api/credentials limits, or the error's data.limit): pass it as {limit}.
  TooManyRedirectUris: about('redirectUris', msg({ message: 'A grant may have at most {limit} redirect URIs' })),
  RedirectUriTooLong: about('redirectUris', msg({ message: 'A redirect URI may be at most {limit} characters long' })),
  InvalidForwardAlertWebhook: about(
    'webhook',
    msg`The webhook must be an https:// address on a public host that accepts HTTP POST`,
  ),
  InvalidRsaPublicKey: about(
    'publicKey',
    msg`The key must be a 2048-bit RSA public key in PEM format (-----BEGIN PUBLIC KEY-----)`,
  ),
  NoAlertConfig: msg`Alert forwarding is not set up for this credential`,
  AlertForwardingAlreadyConfigured: msg`Alert forwarding is already set up for this credential: reload the page to see it`,
  CredentialNotFound: msg`This credential does not exist, or belongs to another account`,
  AlertDeliveryNotFailed: msg`Only a failed delivery can be redelivered: this one is still being tried or was delivered`,
  AlertDeliveryNotFound: msg`This delivery is no longer in the log: refresh it`,
} satisfies ErrorTable;
