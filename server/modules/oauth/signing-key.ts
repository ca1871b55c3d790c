import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK, type JWK, jwtVerify } from 'jose';
import { type BatchSigner, batchSigner } from './batch-signer.ts';

export interface SigningKey {
  alg: 'ES256' | 'RS256';
  kid: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  publicJwk: JWK;
  /** The encoded protected header every access token of this key carries. */
  header: string;
  /** Signs with `privateKey` on a worker thread; ES256 signatures come back as JWS's r||s, not DER. */
  signer: BatchSigner;
}

export interface AccessTokenClaims {
  iss: string;
  /** The user for user grants; the client_id for client_credentials (RFC 9068 §2.2). */
  sub: string;
  /** The one resource the token is for (RFC 8707): a resource server refuses tokens naming another. */
  aud: string;
  client_id: string;
  scope: string;
  jti: string;
  iat: number;
  exp: number;
}

// The key is fixed for the process's life (config is frozen), so importing it once per PEM is enough.
const cache = new Map<string, Promise<SigningKey>>();

export function signingKeyOf(pem: string): Promise<SigningKey> {
  let key = cache.get(pem);
  if (!key) {
    key = load(pem);
    cache.set(pem, key);
  }
  return key;
}

async function load(pem: string): Promise<SigningKey> {
  const privateKey = createPrivateKey(pem);
  const publicKey = createPublicKey(privateKey);
  const alg = privateKey.asymmetricKeyType === 'ec' ? 'ES256' : 'RS256';
  const jwk = await exportJWK(publicKey);
  // The thumbprint names the key, so a rotated key gets a new kid without anyone choosing one.
  const kid = await calculateJwkThumbprint(jwk);
  // RFC 9068's type keeps an access token from being mistaken for any other JWT we might sign.
  const header = base64url(JSON.stringify({ alg, kid, typ: 'at+jwt' }));
  const signer = batchSigner(privateKey, alg === 'ES256');
  return { alg, kid, privateKey, publicKey, publicJwk: { ...jwk, kid, alg, use: 'sig' }, header, signer };
}

/**
 * The compact JWS (RFC 7515) of an access token. The signature is the token endpoint's largest piece of work, so it
 * is made on a thread of its own, in batches (batch-signer.ts), beside the event loop, which goes on with other
 * requests meanwhile (decision 0021). Signing on the event loop (decision 0020) held every other request up for it;
 * libuv's pool, one job per token, cost the event loop a hand-over and a completion per token. Tests verify the tokens
 * with jose.
 */
export function signAccessToken(key: SigningKey, claims: AccessTokenClaims): Promise<string> {
  const { iss, sub, aud, jti, iat, exp, client_id, scope } = claims;
  const payload = base64url(JSON.stringify({ client_id, scope, iss, sub, aud, jti, iat, exp }));
  const input = `${key.header}.${payload}`;
  return key.signer.sign(input).then((signature) => `${input}.${signature}`);
}

function base64url(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64url');
}

/** The claims of an access token we signed and that has not expired; null for anything else. */
export async function verifyAccessToken(
  key: SigningKey,
  issuer: string,
  token: string,
): Promise<(Omit<AccessTokenClaims, 'aud'> & { aud?: unknown }) | null> {
  try {
    const { payload } = await jwtVerify(token, key.publicKey, { algorithms: [key.alg], issuer, typ: 'at+jwt' });
    // Any audience, or none (tokens signed before `aud` was): the authorization server answers for every token it
    // issued, and introspection reads the audience from the token's row.
    if (typeof payload.jti !== 'string' || typeof payload.sub !== 'string') return null;
    if (typeof payload.client_id !== 'string' || typeof payload.scope !== 'string') return null;
    return payload as unknown as AccessTokenClaims;
  } catch {
    return null;
  }
}
