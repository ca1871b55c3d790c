import { createPrivateKey } from 'node:crypto';
import { z } from 'zod';
import { pagePaths } from '../shared-domain/page-paths.ts';
import { persistedPrivateKey } from './lib/persisted-key.ts';

// The authorization-server part of the environment (docs/api/oauth.md, docs/api/credentials.md): client store limits,
// token lifetimes, the token signing key and Login with Amazon. Kept apart from config.ts like lifecycle-config.ts;
// config.ts merges it.

const optionalText = z.string().trim().optional();
const httpUrl = (fallback: string) =>
  z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).default(fallback);
const int = (fallback: number, min: number, max: number) =>
  z.coerce
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(min, { error: `must be at least ${min}` })
    .max(max, { error: `must be at most ${max}` })
    .default(fallback);

export const oauthEnvShape = {
  CLIENT_CAP_PER_GRANT_TYPE: int(5, 1, 1000),
  ACCESS_TOKEN_TTL_SECONDS: int(3600, 60, 86_400),
  REFRESH_TOKEN_TTL_DAYS: int(30, 1, 365),
  // Token, revocation and introspection calls per client IP: far above what an app needs, low enough to blunt floods.
  RATE_LIMIT_TOKEN_PER_MINUTE: int(120, 1, 1_000_000),
  // A refresh whose answer was lost may be retried this long and gets the same answer; 0 turns retries off.
  OAUTH_REFRESH_GRACE_SECONDS: int(10, 0, 300),
  // PEM text; `\n` escapes are accepted because most environments cannot hold a multi-line value.
  OAUTH_SIGNING_KEY: optionalText,
  // RFC 8707 resource identifiers access tokens may be issued for (their `aud`); checked in oauthIssues.
  OAUTH_DEFAULT_RESOURCE: optionalText,
  OAUTH_RESOURCES: optionalText,
  AMAZON_CLIENT_ID: optionalText,
  AMAZON_CLIENT_SECRET: optionalText,
  AMAZON_AUTHORIZE_URL: httpUrl('https://www.amazon.com/ap/oa'),
  AMAZON_TOKEN_URL: httpUrl('https://api.amazon.com/auth/o2/token'),
  AMAZON_PROFILE_URL: httpUrl('https://api.amazon.com/user/profile'),
};

type OAuthEnv = z.output<z.ZodObject<typeof oauthEnvShape>>;

export interface OAuthServerConfig {
  /** `iss` of every access token and the metadata's issuer: PUBLIC_URL. */
  issuer: string;
  clientCapPerGrantType: number;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  /** Calls per minute per IP to the token, revocation and introspection endpoints together. */
  protocolRateLimitPerMinute: number;
  /** How long the previous refresh token may be presented again for the same answer (docs/api/oauth.md). */
  refreshGraceSeconds: number;
  /** PKCS#8 PEM of an EC P-256 (ES256) or RSA ≥ 2048-bit (RS256) private key. */
  signingKeyPem: string;
  /** The `aud` of a token whose request names no resource: OAUTH_DEFAULT_RESOURCE, else `${PUBLIC_URL}/api`. */
  defaultResource: string;
  /** Every resource a client may name (RFC 8707), the default first; anything else is invalid_target. */
  resources: readonly string[];
}

export interface AmazonConfig {
  /** Null when Login with Amazon is not configured; the endpoint then answers 400. */
  clientId: string | null;
  clientSecret: string | null;
  authorizeUrl: string;
  tokenUrl: string;
  profileUrl: string;
  /** The SPA's callback page, registered with Amazon. */
  redirectUri: string;
}

export interface OAuthConfig {
  oauth: OAuthServerConfig;
  amazon: AmazonConfig;
}

const SIGNING_KEY_FILE = 'oauth-signing-key.pem';

/** Rules that span variables or need more than a schema, reported together with the schema's issues. */
export function oauthIssues(env: Record<string, string | undefined>): string[] {
  const issues: string[] = [];
  if (Boolean(env.AMAZON_CLIENT_ID) !== Boolean(env.AMAZON_CLIENT_SECRET)) {
    issues.push('AMAZON_CLIENT_SECRET: AMAZON_CLIENT_ID and AMAZON_CLIENT_SECRET are set together or not at all');
  }
  if (env.OAUTH_SIGNING_KEY) {
    const problem = signingKeyProblem(unescapePem(env.OAUTH_SIGNING_KEY));
    if (problem) issues.push(`OAUTH_SIGNING_KEY: ${problem}`);
  }
  for (const name of ['OAUTH_DEFAULT_RESOURCE', 'OAUTH_RESOURCES'] as const) {
    const bad = resourceList(env[name]).find((r) => !isResourceIdentifier(r));
    if (bad !== undefined) issues.push(`${name}: ${JSON.stringify(bad)} must be an absolute URI without a fragment`);
  }
  if (resourceList(env.OAUTH_DEFAULT_RESOURCE).length > 1) issues.push('OAUTH_DEFAULT_RESOURCE: must be one URI');
  return issues;
}

export function oauthConfig(e: OAuthEnv, dataDir: string, publicUrl: string): OAuthConfig {
  return {
    oauth: Object.freeze({
      issuer: publicUrl,
      clientCapPerGrantType: e.CLIENT_CAP_PER_GRANT_TYPE,
      accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
      refreshTokenTtlSeconds: e.REFRESH_TOKEN_TTL_DAYS * 86_400,
      protocolRateLimitPerMinute: e.RATE_LIMIT_TOKEN_PER_MINUTE,
      refreshGraceSeconds: e.OAUTH_REFRESH_GRACE_SECONDS,
      signingKeyPem: e.OAUTH_SIGNING_KEY
        ? unescapePem(e.OAUTH_SIGNING_KEY)
        : persistedPrivateKey(dataDir, SIGNING_KEY_FILE),
      ...resources(e, publicUrl),
    }),
    amazon: Object.freeze({
      clientId: e.AMAZON_CLIENT_ID ?? null,
      clientSecret: e.AMAZON_CLIENT_SECRET ?? null,
      authorizeUrl: e.AMAZON_AUTHORIZE_URL,
      tokenUrl: e.AMAZON_TOKEN_URL,
      profileUrl: e.AMAZON_PROFILE_URL,
      redirectUri: `${publicUrl}${pagePaths.callback}`,
    }),
  };
}

function resources(e: OAuthEnv, publicUrl: string): Pick<OAuthServerConfig, 'defaultResource' | 'resources'> {
  const defaultResource = e.OAUTH_DEFAULT_RESOURCE || `${publicUrl}/api`;
  return {
    defaultResource,
    resources: Object.freeze([...new Set([defaultResource, ...resourceList(e.OAUTH_RESOURCES)])]),
  };
}

function resourceList(value: string | undefined): string[] {
  return (value ?? '').split(/\s+/).filter(Boolean);
}

/** RFC 8707 §2: an absolute URI (RFC 3986 §4.3) with no fragment. */
export function isResourceIdentifier(value: string): boolean {
  if (!/^[a-zA-Z][a-zA-Z0-9+.-]*:[^\s#]+$/.test(value)) return false;
  return URL.canParse(value);
}

function unescapePem(value: string): string {
  return value.replace(/\\n/g, '\n');
}

function signingKeyProblem(pem: string): string | null {
  try {
    const key = createPrivateKey(pem);
    const details = key.asymmetricKeyDetails;
    if (key.asymmetricKeyType === 'ec' && details?.namedCurve === 'prime256v1') return null;
    if (key.asymmetricKeyType === 'rsa' && (details?.modulusLength ?? 0) >= 2048) return null;
    return 'must be an EC P-256 or an RSA (2048 bits or more) private key';
  } catch {
    return 'must be a PEM private key';
  }
}
