import { z } from 'zod';
import { defineRoute, judgedByTheRoute, type OAuthErrorCode } from './contract.ts';

// docs/api/oauth.md: the authorization server (RFC 6749), its discovery (RFC 8414, JWKS), revocation (RFC 7009) and
// introspection (RFC 7662). The browser-facing endpoints answer with redirects; the protocol endpoints with RFC 6749's
// `{ error, error_description }` (docs/api/oauth.md "Two error formats, on purpose").

// The authorization endpoint answers a bad parameter on its error page or at the client's redirect URI (RFC 6749
// §4.1.2.1), never with a 400 (a repeated one is invalid_request too, §3.1).
const judgedByTheEndpoint = z.string().max(2048).optional();

export const authorize = defineRoute({
  method: 'GET',
  url: '/api/oauth/authorize',
  summary: 'Authorization endpoint (RFC 6749 §4.1.1, PKCE RFC 7636, RFC 8707 resource)',
  description:
    'Every answer is a redirect: to the error page for an unknown client or redirect URI, to the login page without a ' +
    'session, to the consent page when consent is needed, else to the client with `code` and `state`.',
  tags: ['OAuth'],
  query: judgedByTheRoute(z.looseObject({
    response_type: judgedByTheEndpoint.meta({ description: 'code' }),
    client_id: judgedByTheEndpoint,
    redirect_uri: judgedByTheEndpoint.meta({ description: 'Exactly one of the client’s registered URIs' }),
    scope: judgedByTheEndpoint.meta({ description: 'Space-separated resource:permission' }),
    state: judgedByTheEndpoint,
    code_challenge: judgedByTheEndpoint,
    code_challenge_method: judgedByTheEndpoint.meta({ description: 'S256' }),
    prompt: judgedByTheEndpoint.meta({ description: 'none or consent' }),
    tracking_id: judgedByTheEndpoint,
    resource: judgedByTheEndpoint.meta({ description: 'One absolute URI: the API the tokens are for (RFC 8707)' }),
  })),
  response: {},
  otherAnswers: {
    302: { description: 'To the client, the login page, the consent page or the error page', headers: { location: 'Where to' } },
    303: { description: 'The same for a form post from the consent page' },
  },
  errors: [],
});

const url = z.string();

export const metadata = defineRoute({
  method: 'GET',
  url: '/.well-known/oauth-authorization-server',
  summary: 'Authorization server metadata (RFC 8414)',
  tags: ['OAuth'],
  response: {
    200: z.looseObject({
      issuer: url,
      authorization_endpoint: url,
      token_endpoint: url,
      revocation_endpoint: url,
      introspection_endpoint: url,
      jwks_uri: url,
      response_types_supported: z.array(z.string()),
      grant_types_supported: z.array(z.string()),
      code_challenge_methods_supported: z.array(z.string()),
      token_endpoint_auth_methods_supported: z.array(z.string()),
      scopes_supported: z.array(z.string()),
    }),
  },
  errors: [],
});

export const jwks = defineRoute({
  method: 'GET',
  url: '/api/oauth/jwks',
  summary: 'The public key that verifies access tokens (RFC 7517 JWK Set)',
  tags: ['OAuth'],
  response: {
    200: z.object({
      keys: z.array(z.looseObject({ kty: z.string().optional().meta({ description: 'RSA or EC' }), kid: z.string().optional(), alg: z.string().optional() })),
    }),
  },
  errors: [],
});

// Form fields as the library reads them: all strings, all optional here, judged by the library (RFC 6749 §5.2).
const formField = z.string().optional();
const clientFields = {
  client_id: formField.meta({ description: 'With client_secret, instead of HTTP Basic (client_secret_post)' }),
  client_secret: formField,
};

const TOKEN_ERRORS: OAuthErrorCode[] = [
  'invalid_request',
  'invalid_client',
  'invalid_grant',
  'unauthorized_client',
  'unsupported_grant_type',
  'invalid_scope',
  'invalid_target',
  'temporarily_unavailable',
];

export const token = defineRoute({
  method: 'POST',
  url: '/api/oauth/token',
  summary: 'Token endpoint (RFC 6749 §3.2): authorization_code, refresh_token, client_credentials',
  tags: ['OAuth'],
  security: ['clientBasic'],
  bodyType: 'form',
  body: z
    .looseObject({
      grant_type: formField.meta({ description: 'authorization_code, refresh_token or client_credentials' }),
      code: formField,
      redirect_uri: formField,
      code_verifier: formField,
      refresh_token: formField,
      scope: formField,
      resource: formField,
      ...clientFields,
    })
    .meta({ examples: [{ grant_type: 'client_credentials', scope: 'fall:read' }] }),
  response: {
    200: z
      .looseObject({
        access_token: z.string(),
        token_type: z.string(),
        expires_in: z.number(),
        refresh_token: z.string().optional(),
        scope: z.string().optional(),
      })
      .meta({ examples: [{ access_token: 'eyJ…', token_type: 'Bearer', expires_in: 3600, scope: 'fall:read' }] }),
  },
  errors: [],
  oauthErrors: TOKEN_ERRORS,
});

const tokenFields = {
  token: formField.meta({ description: 'The access or refresh token' }),
  token_type_hint: formField.meta({ description: 'access_token or refresh_token' }),
  ...clientFields,
};

export const revoke = defineRoute({
  method: 'POST',
  url: '/api/oauth/revoke',
  summary: 'Revoke a token (RFC 7009)',
  description: 'An unknown or already revoked token is answered 200 all the same (RFC 7009 §2.2).',
  tags: ['OAuth'],
  security: ['clientBasic'],
  bodyType: 'form',
  body: z.looseObject(tokenFields).meta({ examples: [{ token: '<refresh token>', token_type_hint: 'refresh_token' }] }),
  response: { 200: z.object({}) },
  errors: [],
  oauthErrors: ['invalid_request', 'invalid_client', 'unsupported_token_type', 'temporarily_unavailable'],
});

export const introspect = defineRoute({
  method: 'POST',
  url: '/api/oauth/introspect',
  summary: 'Introspect a token (RFC 7662)',
  description: 'A client sees only its own tokens: any other, like an unknown or expired one, is `{ "active": false }`.',
  tags: ['OAuth'],
  security: ['clientBasic'],
  bodyType: 'form',
  body: z.looseObject(tokenFields).meta({ examples: [{ token: 'eyJ…' }] }),
  response: {
    200: z
      .looseObject({
        active: z.boolean(),
        scope: z.string().optional(),
        client_id: z.string().optional(),
        sub: z.string().optional(),
        token_type: z.string().optional(),
        exp: z.number().optional(),
        iat: z.number().optional(),
        iss: z.string().optional(),
        aud: z.union([z.string(), z.array(z.string())]).optional(),
        jti: z.string().optional(),
      })
      .meta({ examples: [{ active: true, scope: 'fall:read', client_id: 'abc', token_type: 'Bearer', exp: 1767225600 }] }),
  },
  errors: [],
  oauthErrors: ['invalid_request', 'invalid_client', 'temporarily_unavailable'],
});
