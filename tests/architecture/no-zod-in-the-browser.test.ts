import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// The first load of the SPA is a tracked figure (architecture.md §1): the route contracts (shared-domain/contracts/)
// are zod, so the SPA may take their types and nothing else. Client code and the shared modules it loads import them,
// and zod, with `import type` / `export type` only; limits the forms share live in zod-free modules.

const ROOT = join(import.meta.dirname, '../..');
const IMPORT = /^[ \t]*(import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;

function sources(dir: string, deep: boolean): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return deep && entry.name !== 'contracts' ? sources(path, deep) : [];
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Every specifier a file loads at run time that is zod or a contract. */
function zodAtRunTime(text: string): string[] {
  const found: string[] = [];
  for (const [, , typeOnly, specifier] of text.matchAll(IMPORT)) {
    if (typeOnly) continue;
    if (specifier === 'zod' || specifier.startsWith('zod/') || /\/contracts\//.test(specifier)) found.push(specifier);
  }
  return found;
}

describe('no zod in the browser', () => {
  it('src/, machines/ and the shared modules outside contracts/ load zod and the contracts as types only', () => {
    const files = [...sources('src', true), ...sources('machines', true), ...sources('shared-domain', false)];
    expect(files.length).toBeGreaterThan(100);
    const offenders = files.flatMap((file) =>
      zodAtRunTime(readFileSync(join(ROOT, file), 'utf8')).map(
        (specifier) => `${relative(ROOT, join(ROOT, file))}: ${specifier}`,
      ),
    );
    expect(offenders).toEqual([]);
  });

  it('the check can fail', () => {
    expect(zodAtRunTime("import { z } from 'zod';")).toEqual(['zod']);
    expect(zodAtRunTime("import { login } from '#shared-domain/contracts/auth.contract.ts';")).toHaveLength(1);
    expect(zodAtRunTime("import type { LoginAnswer } from '#shared-domain/contracts/auth.contract.ts';")).toEqual([]);
    expect(zodAtRunTime("export type { Credential } from './contracts/clients.contract.ts';")).toEqual([]);
  });
});
