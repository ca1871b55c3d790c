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
  query: judgedByTheRoute(
    z.looseObject({
      response_type: judgedByTheEndpoint.meta({ description: '`code`, the only one' }),
      client_id: judgedByTheEndpoint.meta({ description: 'An authorization_code credential’s client_id' }),
      redirect_uri: judgedByTheEndpoint.meta({
        description:
          'Exactly one of the client’s registered URIs, as a string: no prefix, case or trailing-slash leniency; only a ' +
          'loopback IP literal’s port may differ',
      }),
      scope: judgedByTheEndpoint.meta({
        description: 'Space-separated resource:permission',
        examples: ['user:read camera:write'],
      }),
      state: judgedByTheEndpoint.meta({ description: 'Optional, printable; returned to the client as sent' }),
      code_challenge: judgedByTheEndpoint.meta({
        description:
          'PKCE (RFC 7636): BASE64URL(SHA-256(verifier)), 43 characters; required for a native app’s redirect URI, ' +
          'optional for a confidential client',
      }),
      code_challenge_method: judgedByTheEndpoint.meta({
        description: '`S256`, the only one; required with a challenge (without it the challenge would be `plain`)',
      }),
      prompt: judgedByTheEndpoint.meta({
        description: 'Optional: `none` (never a page) or `consent` (always the consent page)',
      }),
      response_mode: judgedByTheEndpoint.meta({
        description: 'Optional: `query`, the only one; any other is invalid_request',
      }),
      tracking_id: judgedByTheEndpoint.meta({ description: 'Optional, carried through and stored with the consent' }),
      resource: judgedByTheEndpoint.meta({
        description:
          'Optional, one absolute URI: the API the tokens are for (RFC 8707); the default resource without it',
      }),
    }),
  ),
  response: {},
  otherAnswers: {
    302: {
      description: 'To the client, the login page, the consent page or the error page',
      headers: { location: 'Where to' },
    },
    303: { description: 'The same for a form post from the consent page' },
  },
  errors: [],
});

const url = z.string();

export const metadata = defineRoute({
  method: 'GET',
  url: '/.well-known/oauth-authorization-server',
  summary: 'Authorization server metadata (RFC 8414)',
  description:
    'Cacheable for an hour. The portal is no OpenID Provider: /.well-known/openid-configuration answers 404 ' +
    '(docs/decisions/0008-oauth-discovery.md).',
  tags: ['OAuth'],
  response: {
    200: z
      .looseObject({
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
      })
      .meta({
        examples: [
          {
            issuer: 'https://portal.example',
            authorization_endpoint: 'https://portal.example/api/oauth/authorize',
            token_endpoint: 'https://portal.example/api/oauth/token',
            revocation_endpoint: 'https://portal.example/api/oauth/revoke',
            introspection_endpoint: 'https://portal.example/api/oauth/introspect',
            jwks_uri: 'https://portal.example/api/oauth/jwks',
            response_types_supported: ['code'],
            response_modes_supported: ['query'],
            grant_types_supported: ['authorization_code', 'client_credentials', 'refresh_token'],
            code_challenge_methods_supported: ['S256'],
            authorization_response_iss_parameter_supported: true,
            token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
            revocation_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
            introspection_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
            scopes_supported: ['group:read', 'user:read', 'camera:read', '…', 'alexa:write'],
            access_token_signing_alg_values_supported: ['ES256'],
          },
        ],
      }),
  },
  errors: [],
});

export const jwks = defineRoute({
  method: 'GET',
  url: '/api/oauth/jwks',
  summary: 'The public key that verifies access tokens (RFC 7517 JWK Set)',
  description: 'Cacheable for an hour. ES256 with the generated key, or RS256 with an RSA OAUTH_SIGNING_KEY.',
  tags: ['OAuth'],
  response: {
    200: z.object({
      keys: z.array(
        z.looseObject({
          kty: z.string().optional().meta({ description: 'RSA or EC' }),
          kid: z.string().optional(),
          alg: z.string().optional(),
        }),
      ),
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

const RATE_LIMITED =
  'past RATE_LIMIT_TOKEN_PER_MINUTE (default 120) calls a minute per client IP to token, revoke and introspect ' +
  'together; with Retry-After (seconds). Nothing is spent: a refresh token still works';
const COMMON_NOTES = {
  invalid_request:
    'a missing or repeated parameter, or two client authentication methods at once (HTTP Basic and a ' +
    'client_secret, or a client_id other than the Basic one)',
  invalid_client:
    'client authentication failed (401 with WWW-Authenticate: Basic when it came as HTTP Basic, unreadable Basic included)',
  temporarily_unavailable: RATE_LIMITED,
} as const;

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
  description:
    'Answers, success or error, with Cache-Control: no-store. A refresh always rotates: a new refresh token, the old ' +
    'one spent (docs/api/oauth.md "Refresh rotation" for retries and reuse). client_credentials answers no refresh token.',
  tags: ['OAuth'],
  security: ['clientBasic'],
  bodyType: 'form',
  body: z
    .looseObject({
      grant_type: formField.meta({ description: 'authorization_code, refresh_token or client_credentials' }),
      code: formField.meta({ description: 'authorization_code: the code (60 seconds, single use)' }),
      redirect_uri: formField.meta({
        description: 'authorization_code: the very same string as in the authorization request, loopback port included',
      }),
      code_verifier: formField.meta({
        description: 'authorization_code: the PKCE verifier, when the request sent a challenge',
      }),
      refresh_token: formField.meta({ description: 'refresh_token: the refresh token' }),
      scope: formField.meta({
        description:
          'refresh_token: optional, part of the grant for this access token only (the new refresh token keeps the ' +
          'whole grant); client_credentials: optional, a subset of the client’s',
      }),
      resource: formField.meta({
        description:
          'RFC 8707: for client_credentials the audience (the default resource without it); for the others it may only ' +
          'repeat the granted one',
      }),
      client_id: clientFields.client_id,
      client_secret: formField.meta({
        description:
          'Required, except when redeeming a code whose request had a PKCE challenge (a native app has no secret) ' +
          'and when refreshing a native app’s grant whose code was redeemed that way',
      }),
    })
    .meta({ examples: [{ grant_type: 'client_credentials', scope: 'alert:read camera:read' }] }),
  response: {
    200: z
      .looseObject({
        access_token: z.string().meta({
          description:
            'An RFC 9068 JWT (`typ: at+jwt`, `kid` the JWK thumbprint) with iss, sub (user id, or client_id for ' +
            'client_credentials), aud (the resource), client_id, scope, jti, iat, exp; verify it against jwks_uri',
        }),
        token_type: z.string().meta({ description: '`Bearer`' }),
        expires_in: z.number().meta({ description: 'Seconds (ACCESS_TOKEN_TTL_SECONDS, default 3600)' }),
        refresh_token: z.string().optional().meta({
          description: '64 hex characters, REFRESH_TOKEN_TTL_DAYS (default 30); none for client_credentials',
        }),
        scope: z.string().optional().meta({ description: 'What was granted, narrowed where it was (RFC 6749 §3.3)' }),
      })
      .meta({
        examples: [
          {
            access_token: 'eyJ…',
            token_type: 'Bearer',
            expires_in: 3600,
            refresh_token: '<64 hex>',
            scope: 'camera:read alert:write',
          },
        ],
      }),
  },
  errors: [],
  oauthErrors: TOKEN_ERRORS,
  errorNotes: {
    ...COMMON_NOTES,
    invalid_grant:
      'a code or refresh token that is unknown, expired, spent or of another client, a wrong PKCE verifier, or a ' +
      'redirect_uri other than the authorization request’s. Redeeming a code twice, or reusing a rotated refresh ' +
      'token outside its retry window, also revokes every token of that authorization',
    unauthorized_client:
      'a grant type of this server that is not the client’s, e.g. refresh_token for a client_credentials client',
    unsupported_grant_type: 'one this server does not have, password included',
    invalid_scope: 'a scope beyond what the client, or the grant, allows',
    invalid_target:
      'a resource that is not configured, not an absolute URI, has a fragment, differs from the granted one, or is sent twice',
  },
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
  description:
    'A refresh token revokes its whole authorization; an access token its own issuance (and the refresh token issued ' +
    'with it). An unknown token, an already revoked one or another client’s is answered 200 all the same and left ' +
    'alone (RFC 7009 §2.2).',
  tags: ['OAuth'],
  security: ['clientBasic'],
  bodyType: 'form',
  body: z.looseObject(tokenFields).meta({ examples: [{ token: '<refresh token>', token_type_hint: 'refresh_token' }] }),
  response: { 200: z.object({}).meta({ description: 'The body `{}`' }) },
  errors: [],
  oauthErrors: ['invalid_request', 'invalid_client', 'unsupported_token_type', 'temporarily_unavailable'],
  errorNotes: { ...COMMON_NOTES, invalid_request: `no \`token\`, ${COMMON_NOTES.invalid_request}` },
});

export const introspect = defineRoute({
  method: 'POST',
  url: '/api/oauth/introspect',
  summary: 'Introspect a token (RFC 7662)',
  description:
    'Answered from the token’s row, so revocation, client deletion and authorized-app removal count on the next call. ' +
    'A client sees only its own tokens: any other, like an unknown, expired, revoked or rotated-away one, is ' +
    '`{ "active": false }`.',
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
        exp: z.number().optional().meta({ description: 'Epoch seconds' }),
        iat: z.number().optional().meta({ description: 'Epoch seconds' }),
        iss: z.string().optional(),
        aud: z
          .union([z.string(), z.array(z.string())])
          .optional()
          .meta({ description: 'The resource, for access and refresh tokens' }),
        jti: z.string().optional(),
      })
      .meta({
        examples: [
          {
            active: true,
            scope: 'camera:read',
            client_id: 'a1b2c3…',
            sub: 'u1…',
            token_type: 'Bearer',
            exp: 1790000000,
            iat: 1789996400,
            iss: 'https://portal.example',
            aud: 'https://portal.example/api',
            jti: '…',
          },
        ],
      }),
  },
  errors: [],
  oauthErrors: ['invalid_request', 'invalid_client', 'temporarily_unavailable'],
  errorNotes: { ...COMMON_NOTES, invalid_request: `no \`token\`, ${COMMON_NOTES.invalid_request}` },
});
