import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '#scripts/precompress.ts';
import { NO_SERVER_ENTRY, startTestServer, type TestServer } from '../support/server.ts';

// Files shaped like the build's, long enough that compressing them pays.
const INDEX = `<!doctype html><html lang="en"><head><meta charset="UTF-8"><title>Portal</title>${Array.from(
  { length: 12 },
  (_, i) => `<link rel="modulepreload" crossorigin href="/assets/chunk-${i}-abcdef12.js">`,
).join('')}</head><body><div id="root"></div></body></html>`;
const JS = Array.from(
  { length: 60 },
  (_, i) => `export function handler${i}(event){return event.type==="login.submit"?${i}:null}`,
).join(';');
const CSS = Array.from(
  { length: 60 },
  (_, i) => `.m_${i}{display:flex;align-items:center;padding:var(--mantine-spacing-md)}`,
).join('');
const SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 40">${Array.from(
  { length: 30 },
  (_, i) => `<path fill="#000" d="M${i} 0h10v10H${i}z"/>`,
).join('')}</svg>`;
const TINY = 'x()';

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** Bytes as they cross the wire: fetch would decompress them. */
function get(path: string, acceptEncoding?: string, method: 'GET' | 'HEAD' = 'GET'): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const url = new URL(server.url);
    const headers = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
    const req = request({ host: url.hostname, port: url.port, path, method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

function decode(response: RawResponse): Buffer {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.body);
  if (encoding === 'gzip') return gunzipSync(response.body);
  expect(encoding).toBeUndefined();
  return response.body;
}

function varyOf(response: RawResponse): string[] {
  return String(response.headers.vary ?? '')
    .toLowerCase()
    .split(',')
    .map((token) => token.trim());
}

let server: TestServer;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'portal-dist-compressed-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), JS);
  writeFileSync(join(dist, 'assets', 'index-abc123.js.map'), JSON.stringify({ version: 3, mappings: JS }));
  writeFileSync(join(dist, 'assets', 'index-abc123.css'), CSS);
  writeFileSync(join(dist, 'assets', 'logo-abc123.svg'), SVG);
  writeFileSync(join(dist, 'assets', 'tiny-abc123.js'), TINY);
  writeFileSync(join(dist, 'assets', 'font-abc123.woff2'), Buffer.alloc(2000));
  await precompressDir(dist);
  server = await startTestServer({ STATIC_DIR: dist, SSR_DIR: NO_SERVER_ENTRY });
});
afterAll(async () => {
  await server.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the build step', () => {
  it('writes a brotli and a gzip copy beside each text file, decompressing to the file', () => {
    for (const file of ['index.html', 'assets/index-abc123.js', 'assets/index-abc123.css', 'assets/logo-abc123.svg']) {
      const raw = readFileSync(join(dist, file));
      const br = readFileSync(join(dist, `${file}.br`));
      const gz = readFileSync(join(dist, `${file}.gz`));
      expect(br.length, file).toBeLessThan(gz.length);
      expect(gz.length, file).toBeLessThan(raw.length);
      expect(brotliDecompressSync(br).equals(raw), file).toBe(true);
      expect(gunzipSync(gz).equals(raw), file).toBe(true);
    }
  });

  it('writes no copy that would not save bytes, none of source maps nor of binary files', () => {
    for (const file of ['assets/tiny-abc123.js', 'assets/index-abc123.js.map', 'assets/font-abc123.woff2']) {
      expect(existsSync(join(dist, `${file}.br`)), file).toBe(false);
      expect(existsSync(join(dist, `${file}.gz`)), file).toBe(false);
    }
  });
});

const FILES = [
  ['JS', '/assets/index-abc123.js', JS, 'javascript', 'public, max-age=31536000, immutable'],
  ['CSS', '/assets/index-abc123.css', CSS, 'text/css', 'public, max-age=31536000, immutable'],
  ['SVG', '/assets/logo-abc123.svg', SVG, 'image/svg+xml', 'public, max-age=31536000, immutable'],
] as const;

describe.each(FILES)('%s', (_name, path, content, type, cacheControl) => {
  const raw = Buffer.from(content);

  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['br', 'br'],
    ['br;q=0.5, gzip;q=0.4', 'br'],
    ['gzip, deflate', 'gzip'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['BR;Q=0, GZIP;Q=0.8', 'gzip'],
  ])('Accept-Encoding: %s → %s, smaller and decompressing to the file', async (acceptEncoding, encoding) => {
    const response = await get(path, acceptEncoding);
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(varyOf(response)).toContain('accept-encoding');
    expect(response.headers['content-type']).toContain(type);
    expect(response.headers['cache-control']).toBe(cacheControl);
    expect(Number(response.headers['content-length'])).toBe(response.body.length);
    expect(response.body.length).toBeLessThan(raw.length);
    expect(decode(response).equals(raw)).toBe(true);
  });

  it.each([[undefined], ['identity'], [''], ['br;q=0, gzip;q=0'], ['deflate'], ['zstd']])(
    'Accept-Encoding: %s → the file itself, still varying on Accept-Encoding',
    async (acceptEncoding) => {
      const response = await get(path, acceptEncoding);
      expect(response.status).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(varyOf(response)).toContain('accept-encoding');
      expect(response.headers['content-type']).toContain(type);
      expect(response.headers['cache-control']).toBe(cacheControl);
      expect(Number(response.headers['content-length'])).toBe(raw.length);
      expect(response.body.equals(raw)).toBe(true);
    },
  );
});

// The document is made per request (the page's first screen, language, inlined configuration), so it is compressed
// as it is sent: each variant must decompress to exactly what an identity request gets.
describe.each([
  ['the document at /', '/'],
  ['the document of a page route', '/pages/login'],
])('%s', (_name, path) => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['br;q=0.5, gzip;q=0.4', 'br'],
    ['gzip, deflate', 'gzip'],
    ['BR;Q=0, GZIP;Q=0.8', 'gzip'],
  ])('Accept-Encoding: %s → %s, smaller and decompressing to the document', async (acceptEncoding, encoding) => {
    const plain = await get(path, 'identity');
    const response = await get(path, acceptEncoding);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toContain('<div id="root"');
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(varyOf(response)).toContain('accept-encoding');
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(Number(response.headers['content-length'])).toBe(response.body.length);
    expect(response.body.length).toBeLessThan(plain.body.length);
    expect(decode(response).equals(plain.body)).toBe(true);
  });
});

describe('the SPA document under another status', () => {
  it.each([
    ['/pages/nope', 404],
    ['/pages/%E0%A4%A', 400],
  ])('GET %s keeps its status %i and is sent compressed', async (path, status) => {
    const response = await get(path, 'gzip, br');
    expect(response.status).toBe(status);
    expect(response.headers['content-encoding']).toBe('br');
    expect(varyOf(response)).toContain('accept-encoding');
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(decode(response).equals((await get(path, 'identity')).body)).toBe(true);
  });

  it('answers HEAD with the headers of the compressed GET and no body', async () => {
    const head = await get('/pages/login', 'br', 'HEAD');
    const body = await get('/pages/login', 'br');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['content-length']).toBe(body.headers['content-length']);
    expect(head.body.length).toBe(0);
  });
});

describe('a file compressing would not shrink', () => {
  it('is sent as it is to a client asking for br', async () => {
    const response = await get('/assets/tiny-abc123.js', 'br, gzip');
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(varyOf(response)).toContain('accept-encoding');
    expect(response.body.toString()).toBe(TINY);
  });
});
