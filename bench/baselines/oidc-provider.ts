/**
 * The token bench's baseline: oidc-provider (certified, the library decision 0004 weighed) as its documentation
 * configures it for client credentials: its default in-memory adapter, one client with a secret, and a resource
 * server whose access tokens are ES256 JWTs (resource indicators, `accessTokenFormat: 'jwt'`). Plain http on
 * loopback, like the portal in the same bench.
 */
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';
import { announce } from '../child-process.ts';

const RESOURCE = 'https://api.example.test';
const SCOPE = 'api:read';
const CLIENT = { client_id: 'bench-client', client_secret: 'bench-secret-0123456789abcdef0123456789abcdef' };

const { privateKey } = await generateKeyPair('ES256', { extractable: true });
const jwk = { ...(await exportJWK(privateKey)), alg: 'ES256', use: 'sig', kid: 'bench-es256' };

const http = await import('node:http');
const server = http.createServer();
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const address = server.address();
if (!address || typeof address === 'string') throw new Error('no TCP address');
const issuer = `http://127.0.0.1:${address.port}`;

const provider = new Provider(issuer, {
  clients: [
    {
      ...CLIENT,
      grant_types: ['client_credentials'],
      response_types: [],
      redirect_uris: [],
      token_endpoint_auth_method: 'client_secret_basic',
      // The provider's only key is ES256; its default for ID tokens (RS256) would have none to sign with.
      id_token_signed_response_alg: 'ES256',
    },
  ],
  jwks: { keys: [jwk] },
  scopes: [SCOPE],
  ttl: { ClientCredentials: 3600 },
  features: {
    devInteractions: { enabled: false },
    clientCredentials: { enabled: true },
    resourceIndicators: {
      enabled: true,
      defaultResource: () => RESOURCE,
      useGrantedResource: () => true,
      getResourceServerInfo: () => ({
        scope: SCOPE,
        audience: RESOURCE,
        accessTokenTTL: 3600,
        accessTokenFormat: 'jwt',
        jwt: { sign: { alg: 'ES256' } },
      }),
    },
  },
});
server.on('request', provider.callback());

announce({ url: issuer, tokenPath: '/token', ...CLIENT, scope: SCOPE, resource: RESOURCE }, async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
