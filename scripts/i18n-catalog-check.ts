/**
 * What the translation check looks for in the PO catalogs, as pure functions (scripts/i18n-check.ts runs them): a
 * message whose translation is the English text, or nearly (case, punctuation, spacing and ICU syntax aside), and a
 * translation that is another language's text. Every finding names the locale, the message's id (the one Lingui
 * compiles into the catalogs), its English source and where the source is used, so a translator can act on it.
 */
import { generateMessageId } from '@lingui/message-utils/generateMessageId';

export interface PoEntry {
  /** The English source text (this project's PO files use the source as msgid). */
  source: string;
  translation: string;
  context: string | undefined;
  /** The `#:` references: the files that use the message. */
  origins: string[];
}

export interface Finding {
  locale: string;
  id: string;
  source: string;
  origins: string[];
  problem: string;
}

/** Names and codes that are the same in every language we ship; a translation may keep them as they are. */
export const SAME_EVERYWHERE = new Set(['OAuth', 'FAQ', 'API', 'URL', 'ID', 'RSA', 'AES', 'Alexa Together', 'OK']);

/**
 * Shorter texts may be the same in two languages by right: Chinese in both scripts writes 取消 (Cancel) alike, and
 * Japanese and Chinese share 管理 (Manage). A whole sentence that is the same is another language's text pasted in.
 */
export const SHARED_TEXT_MIN_LENGTH = 6;

const STRING = /"((?:[^"\\]|\\.)*)"/g;
const unescaped = (text: string) =>
  text
    .replace(/\\(["\\])/g, '$1')
    .replace(/\\n/g, '\n')
    .replace(/\\t/g, '\t');
const joined = (block: string, keyword: string): string | undefined => {
  const match = new RegExp(`^${keyword} ((?:"(?:[^"\\\\]|\\\\.)*"\\n?)+)`, 'm').exec(block);
  return match ? unescaped([...match[1]!.matchAll(STRING)].map((part) => part[1]).join('')) : undefined;
};

export function parsePo(po: string): PoEntry[] {
  const entries: PoEntry[] = [];
  for (const block of po.split(/\n\s*\n/)) {
    const source = joined(block, 'msgid');
    const translation = joined(block, 'msgstr');
    if (source === undefined || translation === undefined || source === '') continue; // '' is the header
    const origins = [...block.matchAll(/^#: (.+)$/gm)].flatMap((line) => line[1]!.split(/\s+/));
    entries.push({ source, translation, context: joined(block, 'msgctxt'), origins });
  }
  return entries;
}

/** The words of a message without its ICU syntax, case, punctuation or spacing: what a reader would see as the text. */
export function visibleText(message: string): string {
  return message
    .replace(/\{\s*\w+\s*,\s*(?:plural|select|selectordinal)\s*,/g, '')
    .replace(/(?:=\d+|zero|one|two|few|many|other)\s*\{/g, '')
    .replace(/\{\s*\w+\s*\}|[{}#]/g, '')
    .toLowerCase()
    .replace(/[\s\p{P}\p{S}]/gu, '');
}

const hasWords = (message: string) => /\p{L}{2,}/u.test(message.replace(/\{\s*\w+\s*\}/g, ''));

/** Every problem of the non-English catalogs, given each locale's entries. */
export function catalogFindings(catalogs: Record<string, PoEntry[]>, sourceLocale: string): Finding[] {
  const findings: Finding[] = [];
  const translated = Object.entries(catalogs).filter(([locale]) => locale !== sourceLocale);
  const byKey = new Map(translated.map(([locale, entries]) => [locale, new Map(entries.map((e) => [key(e), e]))]));
  for (const [locale, entries] of translated) {
    for (const entry of entries) {
      const finding = (problem: string) =>
        findings.push({
          locale,
          id: generateMessageId(entry.source, entry.context),
          source: entry.source,
          origins: entry.origins,
          problem,
        });
      const text = visibleText(entry.translation);
      if (!hasWords(entry.source) || SAME_EVERYWHERE.has(entry.source) || text === '') continue;
      if (text === visibleText(entry.source)) {
        finding(
          entry.translation === entry.source
            ? 'is the English text'
            : `is the English text, nearly: "${entry.translation}"`,
        );
        continue;
      }
      if (text.length < SHARED_TEXT_MIN_LENGTH) continue;
      for (const [other, others] of byKey) {
        if (other !== locale && visibleText(others.get(key(entry))?.translation ?? '') === text) {
          finding(`is the ${other} text: "${entry.translation}"`);
        }
      }
    }
  }
  return findings;
}

const key = (entry: PoEntry) => `${entry.context ?? ''}\u0004${entry.source}`;

export function describeFinding({ locale, id, source, origins, problem }: Finding): string {
  const where = origins.length > 0 ? ` (${origins.join(', ')})` : '';
  return `${locale}  id ${id}  "${source}"${where}\n    the ${locale} translation ${problem}`;
}
