import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAltchaChallenge } from '#server/modules/captcha/altcha.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { get, signUp } from './helpers/account.ts';

describe('ALTCHA (default provider)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ ALTCHA_MAX_NUMBER: '2000' });
  });
  afterAll(() => server.close());

  it('serves a signed, expiring challenge for the signup action, never cached', async () => {
    const response = await fetch(`${server.url}/api/captcha/challenge`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const challenge = await response.json();
    expect(challenge).toMatchObject({
      parameters: { algorithm: 'SHA-256', cost: 1, data: { action: 'signup' }, expiresAt: expect.any(Number) },
      signature: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const lifetime = challenge.parameters.expiresAt - Date.now() / 1000;
    expect(lifetime).toBeGreaterThan(590);
    expect(lifetime).toBeLessThanOrEqual(600);
  });

  it('refuses a solved but expired challenge', async () => {
    const challenge = await createAltchaChallenge(server.config.captcha, Date.now() - 11 * 60_000);
    const solution = await solveChallenge({ challenge, deriveKey });
    const token = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
    const response = await signUp(server, { email: 'stale@example.com' }, token);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('CAPTCHA_INVALID');
  });

  it('refuses a challenge signed with another key', async () => {
    const challenge = await createAltchaChallenge(
      { ...server.config.captcha, altchaHmacKey: 'k'.repeat(40) },
      Date.now(),
    );
    const solution = await solveChallenge({ challenge, deriveKey });
    const token = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
    expect((await signUp(server, { email: 'forged@example.com' }, token)).body.error.code).toBe('CAPTCHA_INVALID');
  });

  it('forgets used challenges only after they expired', async () => {
    expect((await signUp(server, { email: 'kept@example.com' })).status).toBe(200);
    const rows = await server.db.selectFrom('captcha_used').selectAll().execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.expires_at).toBeGreaterThan(Date.now());
  });

  it('keeps the HMAC key across restarts of one data directory', async () => {
    const again = await startTestServer({
      DATA_DIR: server.config.dataDir,
      DATABASE_URL: server.config.databaseUrl ?? undefined,
    });
    try {
      expect(again.config.captcha.altchaHmacKey).toBe(server.config.captcha.altchaHmacKey);
    } finally {
      await again.close();
    }
  });
});

interface Verdict {
  success: boolean;
  score?: number;
  action?: string;
}

/** A loopback stand-in for the providers' siteverify endpoints: records what it got, answers what it is told. */
async function fakeSiteverify(verdict: () => Verdict | null) {
  const received: URLSearchParams[] = [];
  const http: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      received.push(new URLSearchParams(body));
      const answer = verdict();
      if (!answer) res.writeHead(500).end('down');
      else res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}/siteverify`,
    received,
    close: () => new Promise<void>((resolve) => http.close(() => resolve())),
  };
}

describe.each(['recaptcha', 'turnstile'] as const)('%s', (provider) => {
  let verdict: Verdict | null = { success: true };
  let fake: Awaited<ReturnType<typeof fakeSiteverify>>;
  let server: TestServer;
  beforeAll(async () => {
    fake = await fakeSiteverify(() => verdict);
    server = await startTestServer({
      CAPTCHA_PROVIDER: provider,
      CAPTCHA_SITE_KEY: 'site-key-1',
      CAPTCHA_SECRET: 'secret-1',
      CAPTCHA_VERIFY_URL: fake.url,
    });
  });
  afterAll(async () => {
    await server.close();
    await fake.close();
  });

  it('is named in GET /api/config, and there is no ALTCHA challenge', async () => {
    expect((await get(server, '/api/config')).body.data.captcha).toEqual({ provider, siteKey: 'site-key-1' });
    expect((await fetch(`${server.url}/api/captcha/challenge`)).status).toBe(404);
  });

  it('lets the signup page load the provider script and frame', async () => {
    const csp = (await fetch(`${server.url}/api/config`)).headers.get('content-security-policy') ?? '';
    const host = provider === 'recaptcha' ? 'https://www.google.com/recaptcha/' : 'https://challenges.cloudflare.com';
    expect(csp).toMatch(new RegExp(`script-src 'self'[^;]* ${host}`));
    expect(csp).toMatch(new RegExp(`frame-src [^;]*${host}`));
  });

  it('passes the token, secret and client IP to siteverify and accepts a good verdict', async () => {
    verdict = { success: true, score: 0.9, action: 'signup' };
    expect((await signUp(server, { email: `ok-${provider}@example.com` }, 'provider-token')).status).toBe(200);
    const last = fake.received.at(-1)!;
    expect(Object.fromEntries(last)).toEqual({ secret: 'secret-1', response: 'provider-token', remoteip: '127.0.0.1' });
  });

  it('refuses a failed verdict, an unreachable provider and an empty token', async () => {
    for (const [v, token] of [
      [{ success: false }, 't'],
      [null, 't'],
      [{ success: true, score: 1, action: 'signup' }, ''],
    ] as const) {
      verdict = v;
      const response = await signUp(server, { email: `no-${provider}@example.com` }, token);
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('CAPTCHA_INVALID');
    }
  });

  it(
    provider === 'recaptcha' ? 'also wants the signup action and a score of at least 0.5' : 'ignores score and action',
    async () => {
      const outcomes = [];
      for (const v of [
        { success: true, score: 0.3, action: 'signup' },
        { success: true, score: 0.9, action: 'login' },
      ]) {
        verdict = v;
        outcomes.push((await signUp(server, { email: `${provider}-${outcomes.length}@example.com` }, 't')).status);
      }
      expect(outcomes).toEqual(provider === 'recaptcha' ? [400, 400] : [200, 200]);
    },
  );
});

describe('captcha configuration', () => {
  it('a provider other than ALTCHA needs its secret and site key at boot', async () => {
    await expect(startTestServer({ CAPTCHA_PROVIDER: 'turnstile' })).rejects.toThrow(
      /CAPTCHA_SECRET[\s\S]*CAPTCHA_SITE_KEY/,
    );
  });
});
