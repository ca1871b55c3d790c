import { ApiError } from '#shared-domain/api-error.ts';
import { type GrantSecret, nativeRedirectUris, validateRedirectUris } from '#shared-domain/credentials.ts';
import { apiErrorOf } from '#shared-domain/error-body.ts';
import type { ExploreOptions, ModelEvent } from '#tests/support/model-graph.ts';
import type { CreateGrantFailure } from './create-grant.errors.ts';
import type { CreateGrantContext, CreateGrantInput } from './create-grant.machine.ts';

/** Model cases shared by the headless test and the test through the view, so both explore the same graph. */
export const APP_NAME = 'Care Hub';
/** jsdom's origin, so the first URI is the portal's own and the second draws the URIWarning. */
export const PORTAL_ORIGIN = 'http://localhost:3000';
export const FOREIGN_URI = 'https://partner.example/cb';
export const REDIRECT_TEXT = `${PORTAL_ORIGIN}/callback\n${FOREIGN_URI}`;
export const BAD_URI = 'not a url';
/** A native app's two kinds of redirect URI (RFC 8252): a neutral hint each, never the URIWarning. */
export const NATIVE_URIS = ['com.example.care:/oauth2redirect', 'http://127.0.0.1/callback'];
export const NATIVE_TEXT = NATIVE_URIS.join('\n');

/**
 * What the credentials page hands the dialog: small limits, so that a few lines reach them, and room for one more
 * grant of each type (a type at its cap has tests of its own).
 */
export const INPUT: CreateGrantInput = {
  limits: { clients_per_grant_type: 3, redirect_uris_per_grant: 2, redirect_uri_length: 60 },
  endpoints: {
    authorization_endpoint: `${PORTAL_ORIGIN}/api/oauth/authorize`,
    token_endpoint: `${PORTAL_ORIGIN}/api/oauth/token`,
  },
  counts: { client_credentials: 2, authorization_code: 1 },
};
/** One URI more than the limit allows. */
export const TOO_MANY_TEXT = `${PORTAL_ORIGIN}/a\n${PORTAL_ORIGIN}/b\n${PORTAL_ORIGIN}/c`;
/** One character longer than the limit allows. */
export const LONG_URI = `${PORTAL_ORIGIN}/${'x'.repeat(60 - PORTAL_ORIGIN.length)}`;

export const CREATED: GrantSecret = {
  id: 'cred-new',
  client_uid: 'uid-new',
  client_id: 'client-new',
  secret: 'a'.repeat(64),
  scope: 'user:read',
  application_name: APP_NAME,
  grant_type: 'client_credentials',
  redirect_uris: [],
};

/** What POST client_grant may answer, and the failure the form must then show (written by hand). */
export const createFailures: Array<{ label: string; error: ApiError; code: CreateGrantFailure }> = [
  {
    label: '409 ApplicationNameTaken',
    error: apiErrorOf('ApplicationNameTaken'),
    code: 'ApplicationNameTaken',
  },
  {
    label: '409 ClientLimitExceeded',
    error: apiErrorOf('ClientLimitExceeded', { limit: 5 }),
    code: 'ClientLimitExceeded',
  },
  {
    label: '400 InvalidRedirectUri',
    error: apiErrorOf('InvalidRedirectUri'),
    code: 'InvalidRedirectUri',
  },
  {
    label: '400 TooManyRedirectUris',
    error: apiErrorOf('TooManyRedirectUris', { limit: 2 }),
    code: 'TooManyRedirectUris',
  },
  {
    // Ten redirect URIs at their longest outgrow the server's body limit: no retry helps, so it is not a generic error.
    label: '413 body too large',
    error: apiErrorOf('PayloadTooLarge', { limit_bytes: 16 * 1024 }),
    code: { code: 'RequestTooLarge' },
  },
  { label: 'network failure', error: new ApiError(0, null), code: 'AnErrorOccured' },
];

/** 401: the session is over; the dialog ends and the page goes to log in again. */
export const SESSION_ENDED = {
  label: '401 no session',
  error: apiErrorOf('NoSession'),
};

const allEvents: ModelEvent[] = [
  { type: 'type.choose', grantType: 'client_credentials' },
  { type: 'type.choose', grantType: 'authorization_code' },
  ...['', APP_NAME].map((value) => ({ type: 'form.change', field: 'applicationName', value })),
  ...['', REDIRECT_TEXT, NATIVE_TEXT, BAD_URI, TOO_MANY_TEXT, LONG_URI].map((value) => ({
    type: 'form.change',
    field: 'redirectUris',
    value,
  })),
  { type: 'form.back' },
  { type: 'form.submit' },
  { type: 'dialog.close' },
  { type: 'secret.copy' },
  { type: 'discard.confirm' },
  { type: 'discard.cancel' },
  { type: 'xstate.done.actor.submitGrant', output: CREATED },
  ...[...createFailures, SESSION_ENDED].map(({ error }) => ({
    type: 'xstate.error.actor.submitGrant' as const,
    error,
  })),
];

/**
 * Every event, less typing what a field already holds, and less redirect URIs on a client_credentials form, which
 * has no such field.
 */
export function createGrantEvents(snapshot: { context: CreateGrantContext }): ModelEvent[] {
  const { context } = snapshot;
  return allEvents.filter((event) => {
    if (event.type !== 'form.change') return true;
    const field = event.field as 'applicationName' | 'redirectUris';
    if (field === 'redirectUris' && context.grantType !== 'authorization_code') return false;
    return context[field] !== event.value;
  });
}

/**
 * Only the form reads its fields through a guard; the other steps look the same whatever was typed. Whether a
 * native app's URI is typed changes nothing in the machine, only the form's hints: it is kept apart so that a path
 * shows them.
 */
export function serializeCreateGrant(snapshot: { value: unknown; context: CreateGrantContext }) {
  const { value, context } = snapshot;
  return value === 'editing'
    ? {
        value,
        grantType: context.grantType,
        invalid: validateRedirectUris(context.grantType, context.redirectUris, context.limits),
        native: context.grantType === 'authorization_code' && nativeRedirectUris(context.redirectUris).length > 0,
      }
    : { value };
}

export function describeCreateGrantEvent(event: ModelEvent): string {
  const e = event as { type: string; grantType?: string; field?: string; value?: string; error?: unknown };
  if (e.type === 'type.choose') return `choose ${e.grantType}`;
  if (e.type === 'form.change') return `${e.field} = ${e.value === LONG_URI ? 'LONG_URI' : JSON.stringify(e.value)}`;
  if (e.type === 'xstate.done.actor.submitGrant') return 'submitGrant succeeds';
  if (e.type === 'xstate.error.actor.submitGrant')
    return `submitGrant fails ${[...createFailures, SESSION_ENDED].find((f) => f.error === e.error)!.label}`;
  return e.type;
}

/** What the headless test explores and `npm run paths` exports (machines/model-cases.ts). */
export const createGrantExplore: ExploreOptions = {
  input: INPUT,
  events: createGrantEvents,
  describeEvent: describeCreateGrantEvent,
  serialize: serializeCreateGrant,
};
