import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';

const INDEX = '<!doctype html><title>Portal</title><div id="root"></div>';

describe('with a built SPA', () => {
  let server: TestServer;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'portal-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), INDEX);
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {})');
    server = await startTestServer({ STATIC_DIR: dist });
  });
  afterAll(async () => {
    await server.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it.each(['/', '/pages/login', '/pages/password/reset?email=a', '/signup', '/signup/verify', '/cb'])(
    'GET %s serves index.html without caching',
    async (path) => {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toBe(INDEX);
    },
  );

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
    expect((await fetch(`${server.url}/assets/missing-1234.js`)).status).toBe(404);
    const api = await fetch(`${server.url}/api/pages/login`);
    expect(api.status).toBe(404);
    expect((await api.json()).error.code).toBe('NOT_FOUND');
  });

  it('does not fall back for POSTs outside the API', async () => {
    expect((await fetch(`${server.url}/pages/login`, { method: 'POST' })).status).toBe(404);
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
