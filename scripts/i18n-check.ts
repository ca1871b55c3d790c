/**
 * Fails when the catalogs are stale (extract would change them), when a locale misses a translation, or when a
 * translation is the English text or another language's (architecture.md §4 rule 9: every locale is really
 * translated). A failure says what to do, without a stack trace: translators read it, not only developers.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { DEFAULT_LOCALE, LOCALES } from '../shared-domain/locales.ts';
import { catalogFindings, describeFinding, parsePo } from './i18n-catalog-check.ts';

function lingui(what: string, advice: string, ...args: string[]): boolean {
  try {
    execFileSync('npx', ['lingui', ...args], { stdio: 'inherit' });
    return true;
  } catch {
    console.error(`FAIL ${what}: ${advice}`);
    return false;
  }
}

function main(): void {
  const fresh = lingui(
    'sync',
    'the catalogs differ from the code: run `npm run i18n:extract`, then translate.',
    'check',
    'sync',
  );
  const complete = lingui(
    'missing',
    'a locale above lacks a translation: translate it in locales/<locale>/messages.po.',
    'check',
    'missing',
    '--mode',
    'catalog',
  );
  const catalogs = Object.fromEntries(
    LOCALES.map((locale) => [locale, parsePo(readFileSync(`locales/${locale}/messages.po`, 'utf8'))]),
  );
  const findings = catalogFindings(catalogs, DEFAULT_LOCALE);
  if (findings.length > 0) {
    console.error(`FAIL translated: ${findings.length} translation(s) are not in their own language:`);
    for (const finding of findings) console.error(`  ${describeFinding(finding)}`);
  }
  if (!fresh || !complete || findings.length > 0) process.exit(1);
  console.log('PASS translated: every locale translates every message in its own words.');
}

if (import.meta.main) main();
