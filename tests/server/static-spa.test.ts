import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_SERVER_ENTRY, startTestServer, type TestServer } from '../support/server.ts';

const INDEX = '<!doctype html><title>Portal</title><div id="root"></div>';

/** A request exactly as written: fetch would normalise or refuse some of these URLs before they reach the server. */
function raw(method: 'GET' | 'HEAD', path: string) {
  return new Promise<{ status: number; contentType: string; headers: Record<string, unknown>; body: string }>(
    (resolve, reject) => {
      const url = new URL(server.url);
      const req = request({ host: url.hostname, port: url.port, path, method }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            contentType: String(response.headers['content-type'] ?? ''),
            headers: response.headers,
            body,
          }),
        );
      });
      req.on('error', reject);
      req.end();
    },
  );
}

let server: TestServer;

describe('with a built SPA', () => {
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'portal-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), INDEX);
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {})');
    server = await startTestServer({ STATIC_DIR: dist, SSR_DIR: NO_SERVER_ENTRY });
  });
  afterAll(async () => {
    await server.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it.each([
    '/',
    '/pages/login',
    '/pages/password/reset?email=a',
    '/pages/signup/verify',
    '/pages/cb',
    '/PAGES/Main/',
    '/pages/%6Cogin',
  ])('GET %s serves index.html without caching', async (path) => {
    const response = await fetch(`${server.url}${path}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toBe(INDEX);
  });

  // The SPA shows its not-found page for these; the status says so too, for crawlers, monitors and proxies.
  it.each([
    '/pages/nope',
    '/nope',
    '/pages/main/extra',
    '/signup',
    '/cb',
    '/pages/',
    '/pages/a%2e%2e',
    '/pages/..%2f..%2fapi',
  ])('GET %s answers 404 with the SPA, not JSON', async (path) => {
    const response = await raw('GET', path);
    expect(response.status).toBe(404);
    expect(response.contentType).toContain('text/html');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(INDEX);
  });

  // Sent raw: fetch would normalise or refuse these URLs before they reach the server.
  it.each(['/pages/%E0%A4%A', '/%E0%A4%A', '/pages/x%00', '/pages/%00', '/pages/%c0%af'])(
    'GET %s, a URL the server cannot decode, answers 400 with the SPA, not JSON',
    async (path) => {
      const response = await raw('GET', path);
      expect(response.status).toBe(400);
      expect(response.contentType).toContain('text/html');
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.body).toBe(INDEX);
    },
  );

  it('answers HEAD like GET, without a body', async () => {
    for (const [path, status] of [
      ['/pages/login', 200],
      ['/pages/nope', 404],
      ['/pages/%E0%A4%A', 400],
    ] as const) {
      const response = await raw('HEAD', path);
      expect(response.status, path).toBe(status);
      expect(response.contentType, path).toContain('text/html');
      expect(response.body).toBe('');
    }
  });

  it('keeps JSON under /api, for undecodable URLs too', async () => {
    for (const path of ['/api/%E0%A4%A', '/api/nope', '/api/x%00']) {
      const response = await raw('GET', path);
      expect(response.status, path).toBeGreaterThanOrEqual(400);
      expect(response.status, path).toBeLessThan(500);
      expect(response.contentType, path).toContain('application/json');
      expect(JSON.parse(response.body).success).toBe(false);
    }
  });

  it('serves hashed assets as immutable', async () => {
    const response = await fetch(`${server.url}/assets/index-abc123.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('immutable');
    expect(await response.text()).toBe('console.log(1)');
  });

  it('serves other files revalidated', async () => {
    const response = await fetch(`${server.url}/sw.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers 404 for a missing file and for unknown API routes', async () => {
    expect((await fetch(`${server.url}/pages/missing.js`)).status).toBe(404);
    expect((await fetch(`${server.url}/assets/missing-1234.js`)).status).toBe(404);
    const api = await fetch(`${server.url}/api/pages/login`);
    expect(api.status).toBe(404);
    expect((await api.json()).error.code).toBe('NOT_FOUND');
  });

  it('does not fall back for POSTs outside the API', async () => {
    expect((await fetch(`${server.url}/pages/login`, { method: 'POST' })).status).toBe(404);
  });
});

describe('the statechart gallery', () => {
  let dist: string;
  beforeAll(() => {
    dist = mkdtempSync(join(tmpdir(), 'portal-dist-'));
    writeFileSync(join(dist, 'index.html'), INDEX);
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it.each([
    [undefined, 404, false],
    ['false', 404, false],
    ['true', 200, true],
  ])('STATECHARTS_GALLERY=%s: /pages/statecharts answers %i and /api/config says %s', async (flag, status, exposed) => {
    const server = await startTestServer({ STATIC_DIR: dist, SSR_DIR: NO_SERVER_ENTRY, STATECHARTS_GALLERY: flag });
    try {
      const page = await fetch(`${server.url}/pages/statecharts`);
      expect(page.status).toBe(status);
      expect(await page.text()).toBe(INDEX);
      const config = await (await fetch(`${server.url}/api/config`)).json();
      expect(config.data.statechartsGallery).toBe(exposed);
    } finally {
      await server.close();
    }
  });

  it('refuses a value that is not a boolean at boot', async () => {
    await expect(startTestServer({ STATIC_DIR: dist, STATECHARTS_GALLERY: 'yes please' })).rejects.toThrow(
      /STATECHARTS_GALLERY/,
    );
  });
});

describe('without a build', () => {
  it('answers SPA routes with a clear 503 instead of crashing', async () => {
    const server = await startTestServer({ STATIC_DIR: join(tmpdir(), 'portal-missing-dist-xyz') });
    try {
      const response = await fetch(`${server.url}/pages/login`);
      expect(response.status).toBe(503);
      expect(await response.text()).toContain('npm run build');
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});
