/**
 * POST /api/oauth/token with client_credentials against oidc-provider issuing the same kind of token (ES256 JWT
 * access token for a resource, client_secret_basic), each in its own process, in alternating rounds.
 */
import { startChild } from './child-process.ts';
import { type Comparison, compare } from './load-rounds.ts';
import type { PortalInfo } from './portal-process.ts';

interface OidcInfo {
  url: string;
  tokenPath: string;
  client_id: string;
  client_secret: string;
  scope: string;
}

const basic = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;
const FORM = 'application/x-www-form-urlencoded';

export async function measureTokenThroughput(options: Parameters<typeof compare>[2] = {}): Promise<Comparison> {
  const [portal, oidc] = await Promise.all([
    startChild<PortalInfo>('./portal-process.ts', {}, 'portal'),
    startChild<OidcInfo>('./baselines/oidc-provider.ts', {}, 'oidc-provider'),
  ]);
  try {
    return await compare(
      {
        name: 'portal POST /api/oauth/token',
        url: new URL('/api/oauth/token', portal.info.url).href,
        method: 'POST',
        headers: { 'content-type': FORM, authorization: basic(portal.info.clientId, portal.info.clientSecret) },
        body: 'grant_type=client_credentials&scope=alert%3Aread',
      },
      {
        name: 'oidc-provider POST /token',
        url: new URL(oidc.info.tokenPath, oidc.info.url).href,
        method: 'POST',
        headers: { 'content-type': FORM, authorization: basic(oidc.info.client_id, oidc.info.client_secret) },
        body: `grant_type=client_credentials&scope=${encodeURIComponent(oidc.info.scope)}`,
      },
      options,
    );
  } finally {
    await Promise.all([portal.stop(), oidc.stop()]);
  }
}
