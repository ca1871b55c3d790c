import { generateKeyPairSync } from 'node:crypto';
import { compactVerify, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { batchSigner } from '#server/modules/oauth/batch-signer.ts';
import { signAccessToken, signingKeyOf, verifyAccessToken } from '#server/modules/oauth/signing-key.ts';

// Access tokens are written with node:crypto, not jose (decision 0020): jose, as a resource server would, must accept
// every one. An ECDSA integer has a leading zero byte to drop or pad about once in 256 signatures, so many are signed.
const claims = (n: number) => ({
  iss: 'https://portal.example',
  sub: `client-${n}`,
  aud: 'https://portal.example/api',
  client_id: `client-${n}`,
  scope: 'alert:read group:read',
  jti: `jti-${n}`,
  iat: 1_800_000_000,
  exp: 4_000_000_000,
});

describe('access token signatures', () => {
  it.each([
    ['ES256', generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey],
    ['RS256', generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey],
  ] as const)('%s tokens verify with jose, header and claims as RFC 9068 has them', async (alg, privateKey) => {
    const key = await signingKeyOf(privateKey.export({ format: 'pem', type: 'pkcs8' }).toString());
    expect(key.alg).toBe(alg);
    const count = alg === 'ES256' ? 2000 : 50;
    for (let n = 0; n < count; n++) {
      const token = await signAccessToken(key, claims(n));
      const { payload, protectedHeader } = await jwtVerify(token, key.publicKey, {
        algorithms: [alg],
        issuer: 'https://portal.example',
        audience: 'https://portal.example/api',
        typ: 'at+jwt',
      });
      expect(protectedHeader).toEqual({ alg, kid: key.kid, typ: 'at+jwt' });
      expect(payload).toEqual(claims(n));
    }
    expect(await verifyAccessToken(key, 'https://portal.example', await signAccessToken(key, claims(1)))).toMatchObject(
      {
        jti: 'jti-1',
      },
    );
  });

  // Tokens asked for in the same turn of the event loop are signed in one batch on the signer's thread (decision 0021):
  // each answer must be its own token's.
  it('signs tokens asked for at once in one batch, each with its own claims', async () => {
    const key = await signingKeyOf(
      generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
    );
    const tokens = await Promise.all(Array.from({ length: 300 }, (_, n) => signAccessToken(key, claims(n))));
    for (const [n, token] of tokens.entries()) {
      const { payload } = await jwtVerify(token, key.publicKey, { algorithms: ['ES256'], typ: 'at+jwt' });
      expect(payload).toEqual(claims(n));
    }
  });

  it('refuses a signature it cannot make, and goes on signing', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    await expect(batchSigner(publicKey, true).sign('x.y')).rejects.toThrow(/signing failed/);
    const signer = batchSigner(privateKey, true);
    const [signature] = await Promise.all([signer.sign('x.y'), signer.sign('x.z')]);
    expect(Buffer.from(signature, 'base64url')).toHaveLength(64);
  });

  // A signing thread that dies (out of memory, a crash in native code) must not turn the tokens it held into 500s.
  it('signs on the event loop what a dying worker held, and starts a new worker for the next batch', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    let started = 0;
    const dying = `require('node:worker_threads').parentPort.on('message', () => process.exit(3));`;
    const signer = batchSigner(privateKey, true, {
      workerSource: () => {
        started++;
        return dying;
      },
    });
    const header = Buffer.from(JSON.stringify({ alg: 'ES256' })).toString('base64url');
    const inputs = ['one', 'two', 'three'].map((payload) => `${header}.${Buffer.from(payload).toString('base64url')}`);
    const signatures = await Promise.all(inputs.map((input) => signer.sign(input)));
    // The same r||s form as the worker's: a standard JWS verifier accepts each.
    for (const [i, signature] of signatures.entries()) {
      const { payload } = await compactVerify(`${inputs[i]}.${signature}`, publicKey);
      expect(Buffer.from(payload).toString()).toBe(['one', 'two', 'three'][i]);
    }
    expect(started).toBe(1);
    await signer.sign(inputs[0]);
    expect(started).toBe(2);
  });

  // An idle signer lets its thread go, so a portal that stopped issuing tokens holds no thread for them, and the next
  // token starts one again.
  it('lets its worker go when idle, and starts one again for the next token', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    let started = 0;
    const signer = batchSigner(privateKey, true, {
      idleMs: 50,
      workerSource: (standard) => {
        started++;
        return standard;
      },
    });
    const header = Buffer.from(JSON.stringify({ alg: 'ES256' })).toString('base64url');
    const input = `${header}.${Buffer.from('idle').toString('base64url')}`;
    await signer.sign(input);
    await signer.sign(input);
    expect(started).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const signature = await signer.sign(input);
    expect(started).toBe(2);
    await expect(compactVerify(`${input}.${signature}`, publicKey)).resolves.toBeTruthy();
  });
});
