/**
 * The house rules about imports (architecture.md §3, §4 rules 1, 5, 6 and 10), checked by reading every source file's
 * import specifiers. A linter with import-boundary rules will take this over; until then this test is the check, so a
 * broken rule fails `npm test` with each offending file and specifier named.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SCANNED = ['machines', 'src', 'server', 'shared-domain'];

// Statements that name a module: `import … from`, `export … from` (the clause may span lines), a bare
// `import '…'`, and `import('…')`. A regex rather than a parser: good enough for code formatted as ours is.
const STATIC_FROM = /^\s*(?:import|export)\s[\w\s{},*$]*?\bfrom\s*['"]([^'"]+)['"]/gm;
const SIDE_EFFECT = /^\s*import\s*['"]([^'"]+)['"]/gm;
const DYNAMIC = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

function specifiersOf(source: string): string[] {
  return [STATIC_FROM, SIDE_EFFECT, DYNAMIC].flatMap((pattern) => [...source.matchAll(pattern)].map((match) => match[1]!));
}

interface Import {
  /** The importing file, relative to the repository, with forward slashes. */
  file: string;
  specifier: string;
  /** Where a relative specifier leads, relative to the repository; null for a package. */
  target: string | null;
}

interface Rule {
  name: string;
  broken: (i: Import) => boolean;
}

const under = (path: string | null, folder: string) => path?.startsWith(`${folder}/`) === true;
const isPackage = (specifier: string, ...names: string[]) =>
  names.some((name) => specifier === name || specifier.startsWith(`${name}/`));
/** `server/modules/<m>/…` → m. */
const moduleOf = (path: string | null) => (under(path, 'server/modules') ? path!.split('/')[2]! : null);
/** `src/flows/<flow>/…` → flow. */
const flowOf = (path: string | null) => (under(path, 'src/flows') ? path!.split('/')[2]! : null);

const rules: Rule[] = [
  {
    name: 'machines are headless: no src/, React, Mantine or Lingui (§4 rule 1)',
    broken: ({ file, specifier, target }) =>
      under(file, 'machines') &&
      (under(target, 'src') || isPackage(specifier, 'react', 'react-dom', '@xstate/react', '@mantine', '@lingui')),
  },
  {
    name: 'src/api imports no machine (§4 rule 10)',
    broken: ({ file, target }) => under(file, 'src/api') && under(target, 'machines'),
  },
  {
    name: "a module's routes import no other module's routes (§4 rule 6)",
    broken: ({ file, target }) =>
      file.endsWith('.routes.ts') &&
      target?.endsWith('.routes.ts') === true &&
      moduleOf(file) !== null &&
      moduleOf(target) !== null &&
      moduleOf(file) !== moduleOf(target),
  },
  {
    name: 'services know nothing of Fastify (§4 rule 6)',
    broken: ({ file, specifier }) => file.endsWith('.service.ts') && isPackage(specifier, 'fastify', '@fastify'),
  },
  {
    name: 'flows do not import each other (§4 rule 5)',
    broken: ({ file, target }) => flowOf(file) !== null && flowOf(target) !== null && flowOf(file) !== flowOf(target),
  },
];

function sourceFiles(): string[] {
  return SCANNED.flatMap((folder) =>
    readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
      .filter((name) => /\.(ts|tsx|mts)$/.test(name) && !name.split(sep).includes('node_modules'))
      .map((name) => `${folder}/${name.split(sep).join('/')}`),
  );
}

/** One import: where a relative specifier leads is resolved against the importing file. */
function importOf(file: string, specifier: string): Import {
  const target = specifier.startsWith('.') ? relative(ROOT, resolve(ROOT, dirname(file), specifier)).split(sep).join('/') : null;
  return { file, specifier, target };
}

function importsOf(file: string): Import[] {
  return specifiersOf(readFileSync(join(ROOT, file), 'utf8')).map((specifier) => importOf(file, specifier));
}

function violations(imports: Import[]): string[] {
  return imports.flatMap((i) => rules.filter((rule) => rule.broken(i)).map((rule) => `${i.file}: '${i.specifier}' — ${rule.name}`));
}

describe('import rules', () => {
  it('reads every kind of import statement', () => {
    const source = [
      "import { a,\n  type B } from '../x.ts';",
      "import type { C } from './c.ts';",
      "export { d } from \"./d.ts\";",
      "export * from './e.ts';",
      "import '@mantine/core/styles/Modal.layer.css';",
      "const f = () => import('./f.tsx');",
      "const text = 'import from nowhere';",
    ].join('\n');
    expect(specifiersOf(source)).toEqual(['../x.ts', './c.ts', './d.ts', './e.ts', '@mantine/core/styles/Modal.layer.css', './f.tsx']);
  });

  // Each rule must be able to fail: one import per rule that breaks it, and its legal neighbour that does not.
  it.each([
    ['machines/login/login.machine.ts', '../../src/app/paths.ts', 1],
    ['machines/login/login.machine.ts', '@lingui/core/macro', 1],
    ['machines/login/login.machine.ts', '../../shared-domain/page-paths.ts', 0],
    ['src/api/oauth.ts', '../../machines/shared/consent-request.ts', 1],
    ['src/api/oauth.ts', '../../shared-domain/consent-request.ts', 0],
    ['server/modules/consent/consent.routes.ts', '../oauth/oauth.routes.ts', 1],
    ['server/modules/consent/consent.routes.ts', '../oauth/authorize.http.ts', 0],
    ['server/modules/oauth/oauth.routes.ts', './oauth-protocol.routes.ts', 0],
    ['server/modules/users/users.service.ts', 'fastify', 1],
    ['src/flows/signup-invited/signup-invited-page.tsx', '../signup/signup-form.tsx', 1],
    ['src/flows/signup-invited/signup-invited-page.tsx', '../../components/signup-form/signup-form.tsx', 0],
  ])('%s importing %s breaks %i rule(s)', (file, specifier, count) => {
    expect(violations([importOf(file, specifier)])).toHaveLength(count);
  });

  it('holds for every source file', () => {
    const files = sourceFiles();
    // A scan that found nothing would pass vacuously.
    expect(files.length).toBeGreaterThan(300);
    const found = violations(files.flatMap(importsOf));
    if (found.length > 0) console.error(`Import rules broken:\n  ${found.join('\n  ')}`);
    expect(found).toEqual([]);
  });
});

