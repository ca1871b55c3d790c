import { z } from 'zod';
import { GRANT_TYPES } from '../credentials.ts';
import { defineRoute, okData, okEmpty } from './contract.ts';

// docs/api/credentials.md: the developer credentials of an account with API access (product.md §6).

/** One credential: never its secret. Times are epoch milliseconds. */
export const credential = z.object({
  id: z.string(),
  client_uid: z.string(),
  client_id: z.string(),
  application_name: z.string(),
  grant_type: z.enum(GRANT_TYPES),
  redirect_uris: z.array(z.string()),
  scope: z.string(),
  created_at: z.number(),
  last_used_at: z.number().nullable(),
});

/** The limits the page shows before they bite. */
export const credentialLimits = z.object({
  /** Credentials of one grant type an account may hold. */
  clients_per_grant_type: z.number(),
  /** Redirect URIs one authorization_code grant may have. */
  redirect_uris_per_grant: z.number(),
  /** Characters one redirect URI may have. */
  redirect_uri_length: z.number(),
});

/** Absolute URLs of this portal's authorization server, as its metadata names them. */
export const oauthEndpoints = z.object({ authorization_endpoint: z.string(), token_endpoint: z.string() });

/** What creating a grant or rotating its secret answers: the secret exists only in this answer. */
export const grantSecret = z.object({
  id: z.string(),
  client_uid: z.string(),
  client_id: z.string(),
  secret: z.string(),
  scope: z.string(),
  application_name: z.string(),
  grant_type: z.enum(GRANT_TYPES),
  redirect_uris: z.array(z.string()),
});

const DEVELOPER = ['NotOwner', 'AccessDenied'] as const;

export const credentials = defineRoute({
  method: 'GET',
  url: '/api/credentials',
  summary: 'The account’s credentials, with the limits and the OAuth endpoints',
  tags: ['Credentials'],
  security: ['session'],
  response: {
    200: okData(z.object({ clients: z.object({ array: z.array(credential) }), limits: credentialLimits, endpoints: oauthEndpoints })),
  },
  errors: [...DEVELOPER],
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
      grant_type: z.string().max(64).meta({ description: GRANT_TYPES.join(' or ') }),
      application_name: z.string().max(1000).nullable().optional(),
      redirect_uris: z.array(z.string().max(4096)).max(100).nullable().optional(),
    })
    .meta({
      examples: [{ grant_type: 'authorization_code', application_name: 'Care app', redirect_uris: ['https://care.example.com/cb'] }],
    }),
  response: { 200: okData(grantSecret) },
  errors: [
    ...DEVELOPER,
    'InvalidGrantType',
    'ApplicationNameTaken',
    'ClientLimitExceeded',
    'InvalidRedirectUri',
    'TooManyRedirectUris',
    'RedirectUriTooLong',
  ],
});

export const rotateSecret = defineRoute({
  method: 'PUT',
  url: '/api/client_grant',
  summary: 'A new secret for a credential; the old one stops working at once',
  tags: ['Credentials'],
  security: ['session'],
  body: z.strictObject({ client_id: z.string().min(1).max(200) }),
  response: { 200: okData(grantSecret) },
  errors: [...DEVELOPER, 'ClientNotFound'],
});

export const deleteCredential = defineRoute({
  method: 'DELETE',
  url: '/api/client_credentials/:id',
  summary: 'Delete a credential, its tokens and consents',
  tags: ['Credentials'],
  security: ['session'],
  params: z.strictObject({ id: z.string().min(1).max(200) }),
  response: { 200: okEmpty },
  errors: [...DEVELOPER, 'ClientNotFound'],
});

export type Credential = z.infer<typeof credential>;
export type CredentialLimits = z.infer<typeof credentialLimits>;
export type OAuthEndpoints = z.infer<typeof oauthEndpoints>;
export type GrantSecret = z.infer<typeof grantSecret>;
export type CredentialsAnswer = z.infer<(typeof credentials.response)[200]>;
export type GrantSecretAnswer = z.infer<(typeof createGrant.response)[200]>;
