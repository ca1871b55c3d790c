/**
 * Fails when the catalogs are stale (extract would change them), when a locale misses a translation, or when a
 * non-English catalog merely copies the English text (architecture.md §4 rule 9: every locale is really translated).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { LOCALES, DEFAULT_LOCALE } from '../shared-domain/locales.ts';

// Words that are the same in every language we ship (product and protocol names).
const SAME_EVERYWHERE = new Set(['OAuth', 'FAQ', 'API', 'URL', 'ID', 'RSA', 'AES', 'Alexa Together', 'OK']);

function lingui(...args: string[]): void {
  execFileSync('npx', ['lingui', ...args], { stdio: 'inherit' });
}

export function copiedEntries(po: string): string[] {
  const copies: string[] = [];
  const entry = /msgid "((?:[^"\\]|\\.)*)"\nmsgstr "((?:[^"\\]|\\.)*)"/g;
  for (const [, id, str] of po.matchAll(entry)) {
    if (id === '') continue; // the header
    const hasWords = /\p{L}{2,}/u.test(id.replace(/\{[^}]*\}/g, ''));
    if (hasWords && str === id && !SAME_EVERYWHERE.has(id)) copies.push(id);
  }
  return copies;
}

function main(): void {
  lingui('check', 'sync');
  lingui('check', 'missing', '--mode', 'catalog');
  let failed = false;
  for (const locale of LOCALES) {
    if (locale === DEFAULT_LOCALE) continue;
    const copies = copiedEntries(readFileSync(`locales/${locale}/messages.po`, 'utf8'));
    if (copies.length > 0) {
      failed = true;
      console.error(`FAIL ${locale}: ${copies.length} message(s) copied from English:\n  ${copies.join('\n  ')}`);
    }
  }
  if (failed) process.exit(1);
  console.log('PASS translated: every locale translates every message.');
}

if (import.meta.main) main();
