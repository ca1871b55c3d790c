/**
 * The house rules about imports (architecture.md §3, §4 rules 1, 5, 6 and 10) are lint rules in biome.jsonc; `npm run
 * lint` holds the whole tree to them. Here each rule is shown able to fail: one import per rule that breaks it, and its
 * legal neighbour that does not, linted with the repository's own configuration in a scratch tree.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const BIOME = join(ROOT, 'node_modules/.bin/biome');

const cases: Array<[file: string, specifier: string, broken: boolean]> = [
  ['machines/login/login.machine.ts', '#src/app/paths.ts', true],
  ['machines/login/login.machine.ts', '@lingui/core/macro', true],
  ['machines/login/login.machine.ts', 'react', true],
  ['machines/login/login.machine.ts', '@mantine/core', true],
  ['machines/login/login.machine.ts', '#shared-domain/page-paths.ts', false],
  ['machines/login/login.machine.ts', '../shared/request-problem.ts', false],
  ['src/api/oauth.ts', '#machines/shared/consent-request.ts', true],
  ['src/api/oauth.ts', '#shared-domain/consent-request.ts', false],
  ['server/modules/consent/consent.routes.ts', '#server/modules/oauth/oauth.routes.ts', true],
  ['server/modules/consent/consent.routes.ts', '../oauth/oauth.routes.ts', true],
  ['server/modules/consent/consent.routes.ts', '#server/modules/oauth/authorize.http.ts', false],
  ['server/modules/oauth/oauth.routes.ts', './oauth-protocol.routes.ts', false],
  ['server/modules/users/users.service.ts', 'fastify', true],
  ['server/modules/users/users.service.ts', '@fastify/cookie', true],
  ['src/flows/signup-invited/signup-invited-page.tsx', '#src/flows/signup/signup-page.tsx', true],
  ['src/flows/signup-invited/signup-invited-page.tsx', '../signup/signup-page.tsx', true],
  ['src/flows/signup-invited/signup-invited-page.tsx', '#src/components/signup-form/signup-form.tsx', false],
  ['src/flows/signup-invited/signup-invited-page.tsx', './signup-invited-form.tsx', false],
  ['src/lib/session.ts', '../../shared-domain/login.ts', true],
  ['src/lib/session.ts', '#shared-domain/login.ts', false],
];

/** The case's file under a name of its own, keeping the role suffix the rules match on (`x-3.routes.ts`). */
const scratchPath = (file: string, index: number) => file.replace(/\/([^/.]+)([^/]*)$/, `/$1-${index}$2`);

let scratch: string;
let flagged: Map<string, string[]>;

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'lint-rules-'));
  copyFileSync(join(ROOT, 'biome.jsonc'), join(scratch, 'biome.jsonc'));
  cases.forEach(([file, specifier], index) => {
    // One scratch file per case, in the folder the rule is about, importing the one specifier.
    const path = join(scratch, scratchPath(file, index));
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, `import { value } from '${specifier}';\n\nexport const used = value;\n`);
  });
  let output: string;
  try {
    output = execFileSync(
      BIOME,
      ['lint', '--reporter=json', '--vcs-enabled=false', '--only=style/noRestrictedImports', '.'],
      {
        cwd: scratch,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      },
    );
  } catch (error) {
    // Biome exits non-zero when it reports errors; the report is on stdout either way.
    output = (error as { stdout: string }).stdout;
  }
  const report = JSON.parse(output) as {
    diagnostics: Array<{ category: string; message: string; location: { path: string } }>;
  };
  flagged = new Map();
  for (const { category, message, location } of report.diagnostics) {
    if (category !== 'lint/style/noRestrictedImports') continue;
    flagged.set(location.path, [...(flagged.get(location.path) ?? []), message]);
  }
});

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('import rules, as lint rules', () => {
  it.each(cases.map(([file, specifier, broken], index) => [file, specifier, broken, index] as const))(
    '%s importing %s: broken %s',
    (file, _specifier, broken, index) => {
      const path = scratchPath(file, index);
      expect(flagged.has(path)).toBe(broken);
    },
  );
});
