import { readFileSync } from 'node:fs';

/**
 * The words a message reads in a language, from the catalogs the SPA is built with (locales/<locale>/messages.po),
 * so that a browser test running in every language finds a control by what a user there sees. For messages without
 * placeholders only; an untranslated message reads in English, as the app shows it.
 */
export function uiText(locale: string, english: string): string {
  let catalog = catalogs.get(locale);
  if (!catalog) {
    catalog = parsePo(readFileSync(new URL(`../../locales/${locale}/messages.po`, import.meta.url), 'utf8'));
    catalogs.set(locale, catalog);
  }
  const text = catalog.get(english);
  // A renamed message would otherwise surface as a timeout on a control that is not there.
  if (text === undefined) throw new Error(`"${english}" is not a message in locales/${locale}/messages.po`);
  return text || english;
}

const catalogs = new Map<string, Map<string, string>>();

/** msgid → msgstr of a gettext catalog: quoted strings, continued on following lines that are quoted strings. */
function parsePo(source: string): Map<string, string> {
  const messages = new Map<string, string>();
  let entry: { msgid: string; msgstr: string } = { msgid: '', msgstr: '' };
  let field: 'msgid' | 'msgstr' | null = null;
  const flush = () => {
    if (entry.msgid) messages.set(entry.msgid, entry.msgstr);
    entry = { msgid: '', msgstr: '' };
  };
  for (const line of source.split('\n')) {
    const start = /^(msgid|msgstr) (".*")$/.exec(line);
    if (start) {
      field = start[1] as 'msgid' | 'msgstr';
      if (field === 'msgid') flush();
      entry[field] = JSON.parse(start[2]!) as string;
    } else if (field && line.startsWith('"')) {
      entry[field] += JSON.parse(line) as string;
    } else {
      field = null;
    }
  }
  flush();
  return messages;
}
