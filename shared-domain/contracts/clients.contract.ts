import { z } from 'zod';
import { GRANT_TYPES } from '../credentials.ts';
import { defineRoute, okData, okEmpty } from './contract.ts';

// docs/api/credentials.md: the developer credentials of an account with API access (product.md §6).

const describe = (description: string) => ({ description });
const ids = {
  id: z.string().meta(describe('The credential’s id: the {id} of DELETE /api/client_credentials/{id}')),
  client_uid: z.string().meta(describe('Names the credential in the alert-forwarding addresses')),
  client_id: z.string().meta(describe('The public OAuth client_id')),
};
const grantType = z.enum(GRANT_TYPES);
const redirectUris = z.array(z.string()).meta(describe('Empty for client_credentials'));
const scope = z
  .string()
  .meta(describe('Space-separated resource:permission: what the client may ask for (docs/api/oauth.md "Scopes")'));

/** How the webhook of a credential's alert forwarding answers lately (the credentials table shows it). */
export const alertForwardingHealth = z.object({
  last_success_at: z
    .number()
    .nullable()
    .meta(
      describe('Epoch milliseconds of the last delivery (alert, test or ping) answered 2xx; null before the first'),
    ),
  failures_in_a_row: z
    .number()
    .int()
    .meta(describe('Attempts answered otherwise (or not at all) since the last 2xx, every one before the first')),
});

/** One credential: never its secret or its hash. */
export const credential = z.object({
  ...ids,
  application_name: z.string(),
  grant_type: grantType,
  redirect_uris: redirectUris,
  scope,
  created_at: z.number().meta(describe('Epoch milliseconds')),
  last_used_at: z
    .number()
    .nullable()
    .meta(
      describe('Epoch milliseconds of the last successful token request, recorded at most once a minute; null before'),
    ),
  alert_forwarding: alertForwardingHealth
    .nullable()
    .meta(describe('How its alert forwarding’s webhook answers; null when alert forwarding is not set up')),
});

/** The limits the page shows before they bite: the server's own numbers, so the page keeps no copy of them. */
export const credentialLimits = z.object({
  clients_per_grant_type: z
    .number()
    .meta(describe('Credentials of one grant type an account may hold (CLIENT_CAP_PER_GRANT_TYPE, default 5)')),
  redirect_uris_per_grant: z.number().meta(describe('Redirect URIs one authorization_code credential may have')),
  redirect_uri_length: z.number().meta(describe('Characters one redirect URI may have')),
});

/** Absolute URLs of this portal's authorization server (from PUBLIC_URL), as its RFC 8414 metadata names them. */
export const oauthEndpoints = z
  .object({ authorization_endpoint: z.string(), token_endpoint: z.string() })
  .meta(
    describe('This portal’s authorization and token endpoints, as /.well-known/oauth-authorization-server names them'),
  );

/** What creating a grant or rotating its secret answers: the secret exists only in this answer. */
export const grantSecret = z.object({
  ...ids,
  secret: z
    .string()
    .meta(describe('64 hex characters (32 random bytes). Only in this answer: the server keeps its SHA-256')),
  scope,
  application_name: z.string(),
  grant_type: grantType,
  redirect_uris: redirectUris,
});

const SECRET_EXAMPLE = {
  id: 'c7d0…',
  client_uid: '5b1e…',
  client_id: 'a1b2c3…',
  secret: '<64 hex>',
  scope: 'user:read camera:read …',
  application_name: 'Care Hub',
  grant_type: 'authorization_code',
  redirect_uris: ['https://care.example/cb'],
};

const DEVELOPER = ['NotOwner', 'AccessDenied'] as const;
// Checked in this order after the session (docs/api/credentials.md "Who may").
const DEVELOPER_NOTES = {
  NotOwner: 'the caller is not the group owner',
  AccessDenied: 'the group has no API access',
} as const;

export const credentials = defineRoute({
  method: 'GET',
  url: '/api/credentials',
  summary: 'The account’s credentials, with the limits and the OAuth endpoints',
  description: 'Never a secret or its hash. Answered with Cache-Control: no-store.',
  tags: ['Credentials'],
  security: ['session'],
  response: {
    200: okData(
      z.object({
        clients: z.object({ array: z.array(credential).meta(describe('Oldest first')) }),
        limits: credentialLimits,
        endpoints: oauthEndpoints,
      }),
    ).meta({
      examples: [
        {
          success: true,
          data: {
            clients: {
              array: [
                {
                  id: 'c7d0…',
                  client_uid: '5b1e…',
                  client_id: 'a1b2c3…',
                  application_name: 'Care Hub',
                  grant_type: 'authorization_code',
                  redirect_uris: ['https://care.example/cb'],
                  scope: 'user:read camera:read …',
                  created_at: 1790000000000,
                  last_used_at: null,
                },
              ],
            },
            limits: { clients_per_grant_type: 5, redirect_uris_per_grant: 10, redirect_uri_length: 2048 },
            endpoints: {
              authorization_endpoint: 'https://portal.example/api/oauth/authorize',
              token_endpoint: 'https://portal.example/api/oauth/token',
            },
          },
        },
      ],
    }),
  },
  errors: [...DEVELOPER],
  errorNotes: DEVELOPER_NOTES,
});

export const createGrant = defineRoute({
  method: 'POST',
  url: '/api/client_grant',
  summary: 'Create a credential: client_credentials, or authorization_code with redirect URIs',
  tags: ['Credentials'],
  security: ['session'],
  // Lengths bound the request; the service owns the rules (grant types, URI shape, name length, caps) and names them.
  body: z
    .strictObject({
      grant_type: z
        .string()
        .max(64)
        .meta(describe(GRANT_TYPES.join(' or '))),
      application_name: z
        .string()
        .max(1000)
        .nullable()
        .optional()
        .meta(
          describe(
            'At most 100 characters, trimmed; unique across accounts, ignoring case. Empty or absent becomes `Not Found`, ' +
              'which is exempt from uniqueness. It cannot change later',
          ),
        ),
      redirect_uris: z
        .array(z.string().max(4096))
        .max(100)
        .nullable()
        .optional()
        .meta(
          describe(
            'Required for authorization_code, refused for client_credentials. Each an absolute http(s) URI, or a native ' +
              'app’s private-use scheme in reverse-domain form (`com.example.app:/cb`); no fragment, no user name or ' +
              'password; at most 10, each at most 2048 characters (`limits` of GET /api/credentials). A loopback IP ' +
              'literal (`http://127.0.0.1/cb`, `http://[::1]/cb`) matches any port at the authorization endpoint',
          ),
        ),
    })
    .meta({
      examples: [
        {
          grant_type: 'authorization_code',
          application_name: 'Care app',
          redirect_uris: ['https://care.example.com/cb'],
        },
      ],
    }),
  response: { 200: okData(grantSecret).meta({ examples: [{ success: true, data: SECRET_EXAMPLE }] }) },
  errors: [
    ...DEVELOPER,
    'InvalidGrantType',
    'ApplicationNameTaken',
    'ClientLimitExceeded',
    'InvalidRedirectUri',
    'TooManyRedirectUris',
    'RedirectUriTooLong',
  ],
  errorNotes: {
    ...DEVELOPER_NOTES,
    ValidationError: 'an unknown field, a malformed body, or an application name over 100 characters',
    InvalidRedirectUri: 'a redirect URI missing (authorization_code), malformed, or given to client_credentials',
    TooManyRedirectUris: '`error.data.limit` is the most a credential may have',
    RedirectUriTooLong: '`error.data.limit` is the most characters one may have',
    ClientLimitExceeded:
      'the account holds as many credentials of this grant type as it may; `error.data.limit` is that number ' +
      '(CLIENT_CAP_PER_GRANT_TYPE, default 5)',
    ApplicationNameTaken: 'another credential, of any account, has this name (ignoring case)',
    PayloadTooLarge:
      'a body over this route’s limit (`error.data.limit_bytes`), which leaves room for every valid body: ten redirect ' +
      'URIs of 2048 characters and more',
  },
});

export const rotateSecret = defineRoute({
  method: 'PUT',
  url: '/api/client_grant',
  summary: 'A new secret for a credential; the old one stops working at once',
  description:
    'Answers as POST, with the new secret; the old secret is refused from the next token request on. The body takes ' +
    'no other field: the application name cannot change.',
  tags: ['Credentials'],
  security: ['session'],
  body: z.strictObject({ client_id: z.string().min(1).max(200) }).meta({ examples: [{ client_id: 'a1b2c3…' }] }),
  response: { 200: okData(grantSecret) },
  errors: [...DEVELOPER, 'ClientNotFound'],
  errorNotes: {
    ...DEVELOPER_NOTES,
    ClientNotFound: 'no such client_id in the caller’s account: one of another account answers alike',
  },
});

export const deleteCredential = defineRoute({
  method: 'DELETE',
  url: '/api/client_credentials/:id',
  summary: 'Delete a credential, its tokens and consents',
  description:
    'The client, its codes, tokens, consents and alert forwarding go with it. Takes no body (a body-less request ' +
    'labelled `Content-Type: application/json`, as the SPA sends every call, is accepted).',
  tags: ['Credentials'],
  security: ['session'],
  params: z.strictObject({
    id: z.string().min(1).max(200).meta(describe('The credential’s `id` (not its client_id)')),
  }),
  response: { 200: okEmpty },
  errors: [...DEVELOPER, 'ClientNotFound'],
  errorNotes: { ...DEVELOPER_NOTES, ClientNotFound: 'no such credential in the caller’s account' },
});

export type Credential = z.infer<typeof credential>;
export type AlertForwardingHealth = z.infer<typeof alertForwardingHealth>;
export type CredentialLimits = z.infer<typeof credentialLimits>;
export type OAuthEndpoints = z.infer<typeof oauthEndpoints>;
export type GrantSecret = z.infer<typeof grantSecret>;
export type CredentialsAnswer = z.infer<(typeof credentials.response)[200]>;
export type GrantSecretAnswer = z.infer<(typeof createGrant.response)[200]>;
