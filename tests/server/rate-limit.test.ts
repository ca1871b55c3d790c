import { describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';

function attempt(server: TestServer) {
  return fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'nobody@example.com', password: 'Secret1234' }),
  });
}

describe('login rate limit per IP', () => {
  it('answers 429 RATE_LIMITED past RATE_LIMIT_LOGIN_PER_MINUTE', async () => {
    const server = await startTestServer({ RATE_LIMIT_LOGIN_PER_MINUTE: '3' });
    try {
      for (let i = 0; i < 3; i++) expect((await attempt(server)).status).toBe(401);
      const limited = await attempt(server);
      expect(limited.status).toBe(429);
      expect(await limited.json()).toMatchObject({
        success: false,
        error: { code: 'RATE_LIMITED', name: 'RateLimited', data: { retry_after_seconds: expect.any(Number) } },
      });
      expect(limited.headers.get('retry-after')).toBeTruthy();
      // Other endpoints are not limited by the login budget.
      expect((await fetch(`${server.url}/api/config`)).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it.runIf(process.env.REDIS_URL)('is shared by several instances through Redis', async () => {
    const prefix = `test:shared-${Date.now()}-${Math.random().toString(36).slice(2)}:`;
    const a = await startTestServer({
      RATE_LIMIT_LOGIN_PER_MINUTE: '4',
      REDIS_URL: process.env.REDIS_URL,
      REDIS_KEY_PREFIX: prefix,
    });
    const b = await startTestServer({
      RATE_LIMIT_LOGIN_PER_MINUTE: '4',
      REDIS_URL: process.env.REDIS_URL,
      REDIS_KEY_PREFIX: prefix,
    });
    try {
      expect((await attempt(a)).status).toBe(401);
      expect((await attempt(b)).status).toBe(401);
      expect((await attempt(a)).status).toBe(401);
      expect((await attempt(b)).status).toBe(401);
      expect((await attempt(a)).status).toBe(429);
      expect((await attempt(b)).status).toBe(429);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});

describe('OAuth protocol endpoints rate limit per IP', () => {
  it('answers 429 in the protocol error format past RATE_LIMIT_TOKEN_PER_MINUTE, one budget for all three', async () => {
    const server = await startTestServer({ RATE_LIMIT_TOKEN_PER_MINUTE: '3' });
    const form = (path: string, body: string) =>
      fetch(`${server.url}/api/oauth/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
      });
    try {
      // An unknown client is refused by the protocol itself (400/401) until the budget runs out.
      for (const [path, body] of [
        ['token', 'grant_type=client_credentials&client_id=nobody&client_secret=x'],
        ['revoke', 'token=abc&client_id=nobody&client_secret=x'],
        ['introspect', 'token=abc&client_id=nobody&client_secret=x'],
      ]) {
        expect([400, 401], path).toContain((await form(path, body)).status);
      }
      const limited = await form('token', 'grant_type=client_credentials&client_id=nobody&client_secret=x');
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(limited.headers.get('cache-control')).toBe('no-store');
      // RFC 6749 §5.2 has no rate-limit code; temporarily_unavailable (§4.1.2.1) is the one clients already retry on.
      expect(await limited.json()).toEqual({
        error: 'temporarily_unavailable',
        error_description: `Too many requests; retry after ${limited.headers.get('retry-after')} seconds`,
      });
      // The portal's own API keeps its separate budgets.
      expect((await fetch(`${server.url}/api/config`)).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});
