import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function post(path: string, body: string, contentType = 'application/json') {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': contentType },
    body,
  });
  return { status: response.status, body: await response.json() };
}

function expectErrorBody(body: unknown, code: string | number) {
  expect(body).toEqual({
    success: false,
    message: expect.any(String),
    error: expect.objectContaining({ code, name: expect.any(String) }),
  });
}

describe('bad input gets a clear 4xx in the spec error body, never a 500', () => {
  it('malformed JSON → 400 BAD_REQUEST', async () => {
    const { status, body } = await post('/api/login', '{"username": ');
    expect(status).toBe(400);
    expectErrorBody(body, 'BAD_REQUEST');
  });

  it('a body over 16 KiB → 413 PAYLOAD_TOO_LARGE', async () => {
    const { status, body } = await post('/api/login', JSON.stringify({ username: 'a'.repeat(17 * 1024) }));
    expect(status).toBe(413);
    expectErrorBody(body, 'PAYLOAD_TOO_LARGE');
  });

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'])(
    'content type %s → 415',
    async (type) => {
      const { status, body } = await post('/api/login', 'username=a', type);
      expect(status).toBe(415);
      expectErrorBody(body, 'UNSUPPORTED_MEDIA_TYPE');
    },
  );

  it('an unknown field → 400 VALIDATION_ERROR', async () => {
    const { status, body } = await post(
      '/api/login',
      JSON.stringify({ username: 'a@b.c', password: 'x', admin: true }),
    );
    expect(status).toBe(400);
    expectErrorBody(body, 'VALIDATION_ERROR');
  });

  it.each([
    ['username as number', { username: 42, password: 'x' }],
    ['password as object', { username: 'a@b.c', password: { $ne: '' } }],
    ['short_lived as string', { username: 'a@b.c', password: 'x', short_lived: 'yes' }],
    ['an array body', [1, 2]],
    ['a string body', 'hello'],
    ['null body', null],
  ])('wrong types (%s) → 400 VALIDATION_ERROR', async (_label, payload) => {
    const { status, body } = await post('/api/login', JSON.stringify(payload));
    expect(status).toBe(400);
    expectErrorBody(body, 'VALIDATION_ERROR');
  });

  it('an empty JSON body → 400', async () => {
    const { status, body } = await post('/api/login', '');
    expect(status).toBe(400);
    expect(body.success).toBe(false);
  });

  it('a path the router refuses (bad percent-encoding, an over-long id) → 4xx in the same body, URL not echoed', async () => {
    for (const [path, expected] of [
      ['/api/%E0%A4%A', 400],
      // Longer than any path parameter may be (server/app.ts MAX_PARAM_LENGTH).
      [`/api/client_credentials/${'a'.repeat(300)}`, 414],
    ] as const) {
      const response = await fetch(`${server.url}${path}`, { method: 'DELETE', headers: { origin: server.url } });
      const body = await response.json();
      expect(response.status, path).toBe(expected);
      expectErrorBody(body, 'BAD_REQUEST');
      expect(JSON.stringify(body)).not.toContain('aaaa');
    }
  });

  it('unknown /api routes → 404 NOT_FOUND JSON', async () => {
    for (const [method, path] of [
      ['GET', '/api/nope'],
      ['DELETE', '/api/login'],
      ['GET', '/api'],
    ]) {
      const response = await fetch(`${server.url}${path}`, { method });
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toContain('application/json');
      expectErrorBody(await response.json(), 'NOT_FOUND');
    }
  });
});

describe('service endpoints', () => {
  it('GET /healthz answers while the process lives', async () => {
    const response = await fetch(`${server.url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('GET /api/config exposes the public settings only', async () => {
    const response = await fetch(`${server.url}/api/config`);
    expect(await response.json()).toEqual({
      success: true,
      data: {
        providerSiteUrl: null,
        webAppUrl: null,
        faqUrl: null,
        apiDocsUrl: null,
        iosAppUrl: 'https://apps.apple.com/',
        androidAppUrl: 'https://play.google.com/store/apps',
        cnCompanyName: null,
        cnFilingNumbers: null,
        amazonAuthorizeUrl: 'https://www.amazon.com/ap/oa',
        amazonClientId: null,
        statechartsGallery: false,
        termsUrl: null,
        androidAppPackage: null,
        captcha: { provider: 'altcha', siteKey: null },
      },
    });
  });

  it('sends security headers with a CSP fit for the SPA', async () => {
    const response = await fetch(`${server.url}/api/config`);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data:");
    expect(csp).toContain("worker-src 'self' blob:");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('strict-transport-security')).toBeNull(); // plain http here
  });

  it('sends the same headers on error answers and on the SPA pages', async () => {
    for (const path of ['/api/no-such-route', '/pages/login']) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.headers.get('content-security-policy'), path).toContain("default-src 'self'");
      expect(response.headers.get('x-frame-options'), path).toBe('SAMEORIGIN');
    }
  });
});

describe('configured site settings', () => {
  it('are returned by GET /api/config', async () => {
    const configured = await startTestServer({
      PROVIDER_SITE_URL: 'https://provider.example',
      CN_COMPANY_NAME: 'Example Co.',
      CN_FILING_NUMBERS: 'ICP 123',
      TERMS_URL: 'https://provider.example/terms',
      ANDROID_APP_PACKAGE: 'com.example.monitoring',
    });
    try {
      const { data } = await (await fetch(`${configured.url}/api/config`)).json();
      expect(data).toMatchObject({
        providerSiteUrl: 'https://provider.example',
        cnCompanyName: 'Example Co.',
        cnFilingNumbers: 'ICP 123',
        termsUrl: 'https://provider.example/terms',
        androidAppPackage: 'com.example.monitoring',
      });
    } finally {
      await configured.close();
    }
  });
});
