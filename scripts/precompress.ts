/**
 * Brotli and gzip copies of the build's text files, written once at build time beside each file (`x.js.br`,
 * `x.js.gz`) so the server picks one by `Accept-Encoding` without compressing on every request
 * (server/plugins/static-spa.plugin.ts). Both at their highest level: the cost is paid once per build.
 */
import { readdirSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip as gzipCallback } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * What a browser loads as text. Source maps are left out: only developer tools fetch them, and at brotli's top level
 * they would add tens of seconds to every build. Fonts and images other than SVG are compressed already.
 */
const TEXT_FILE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;

export interface PrecompressResult {
  file: string;
  rawBytes: number;
  brBytes: number | null;
  gzipBytes: number | null;
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzipCallback);

export function brotli(data: Buffer): Promise<Buffer> {
  return brotliAsync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
}

export function gzip(data: Buffer): Promise<Buffer> {
  return gzipAsync(data, { level: constants.Z_BEST_COMPRESSION });
}

/**
 * Compresses every text file under `dir`. A variant is written only when it is smaller than the file: a tiny file
 * sent compressed would cost more bytes than it saves, and a missing variant makes the server fall back to the next
 * encoding, then to the file itself.
 */
export async function precompressDir(dir: string): Promise<PrecompressResult[]> {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && TEXT_FILE.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
  // All at once: zlib's asynchronous calls run on libuv's thread pool, so every core takes a share.
  return Promise.all(
    files.map(async (file): Promise<PrecompressResult> => {
      const raw = await readFile(file);
      const [br, gz] = await Promise.all([brotli(raw), gzip(raw)]);
      const result: PrecompressResult = { file, rawBytes: raw.length, brBytes: null, gzipBytes: null };
      if (br.length < raw.length) {
        await writeFile(`${file}.br`, br);
        result.brBytes = br.length;
      }
      if (gz.length < raw.length) {
        await writeFile(`${file}.gz`, gz);
        result.gzipBytes = gz.length;
      }
      return result;
    }),
  );
}

/** Runs once the whole build, public/ files included, is on disk. */
export function precompressPlugin(): Plugin {
  let outDir = '';
  return {
    name: 'portal:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressDir(outDir);
    },
  };
}
