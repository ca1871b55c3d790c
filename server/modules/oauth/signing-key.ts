import { createPrivateKey, createPublicKey, type KeyObject, sign } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK, type JWK, jwtVerify } from 'jose';

export interface SigningKey {
  alg: 'ES256' | 'RS256';
  kid: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  publicJwk: JWK;
  /** The encoded protected header every access token of this key carries. */
  header: string;
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
  return { alg, kid, privateKey, publicKey, publicJwk: { ...jwk, kid, alg, use: 'sig' }, header };
}

/**
 * The compact JWS (RFC 7515), signed by node:crypto with the key object on libuv's thread pool (its callback form).
 * The signature is the token endpoint's largest piece of work; on the pool it runs beside the event loop, which goes on
 * with other requests meanwhile, so a second core serves the endpoint too (decision 0021: 5,000 → 7,700 tokens a
 * second on two cores). jose's WebCrypto path also signs on the pool, but turns the key object into a CryptoKey for
 * every token, which cost more than the signature (decision 0020). ES256 signatures are the raw r||s pair JWS requires
 * (ieee-p1363), not DER. Tests verify the tokens with jose.
 */
export function signAccessToken(key: SigningKey, claims: AccessTokenClaims): Promise<string> {
  const { iss, sub, aud, jti, iat, exp, client_id, scope } = claims;
  const payload = base64url(JSON.stringify({ client_id, scope, iss, sub, aud, jti, iat, exp }));
  const input = `${key.header}.${payload}`;
  return new Promise((resolve, reject) => {
    // The key object alone, not `{ key, dsaEncoding }`: node:crypto takes the options form through its key-preparing
    // path on every call, which cost as much again as the signature itself; the DER signature is converted here.
    sign('sha256', Buffer.from(input), key.privateKey, (err, signed) => {
      if (err) return reject(err);
      const signature = key.alg === 'ES256' ? p1363(signed, 32) : signed;
      resolve(`${input}.${signature.toString('base64url')}`);
    });
  });
}

/**
 * An ECDSA signature from DER (SEQUENCE of INTEGER r, INTEGER s) to the fixed-width r||s JWS requires (RFC 7518
 * §3.4): each integer without its sign byte, left-padded to the curve's size.
 */
function p1363(der: Buffer, size: number): Buffer {
  const out = Buffer.alloc(size * 2);
  // A P-256 signature's SEQUENCE is under 128 bytes, so its length is one byte: the first INTEGER starts at 2.
  let offset = 2;
  for (let part = 0; part < 2; part++) {
    const length = der[offset + 1]!;
    let value = der.subarray(offset + 2, offset + 2 + length);
    while (value.length > size && value[0] === 0) value = value.subarray(1);
    value.copy(out, part * size + (size - value.length));
    offset += 2 + length;
  }
  return out;
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
