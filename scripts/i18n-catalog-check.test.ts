import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import { describe, expect, it } from 'vitest';
import { catalogFindings, describeFinding, type PoEntry, parsePo, visibleText } from './i18n-catalog-check.ts';

const po = (entries: Array<[string, string]>) =>
  [
    'msgid ""\nmsgstr ""\n"Language: xx\\n"',
    ...entries.map(([id, str]) => `#: src/a.tsx src/b.tsx\nmsgid "${id}"\nmsgstr "${str}"`),
  ].join('\n\n');

const catalogs = (translations: Record<string, Array<[string, string]>>) =>
  Object.fromEntries(Object.entries(translations).map(([locale, entries]) => [locale, parsePo(po(entries))]));

describe('the PO reader', () => {
  it('joins continued strings, unescapes quotes and keeps the references, skipping the header', () => {
    const entries = parsePo(
      'msgid ""\nmsgstr "h"\n\n#: src/x.tsx\nmsgid ""\n"Say \\"hi\\" "\n"twice"\nmsgstr "Sano \\"hei\\""',
    );
    expect(entries).toEqual<PoEntry[]>([
      { source: 'Say "hi" twice', translation: 'Sano "hei"', context: undefined, origins: ['src/x.tsx'] },
    ]);
  });
});

describe('what a reader sees of a message', () => {
  it('leaves out ICU syntax, case, punctuation and spacing', () => {
    expect(visibleText('{count, plural, one {# Day} other {# Days}}')).toBe('daydays');
    expect(visibleText('Remove {applicationName}!')).toBe('remove');
    expect(visibleText('{minutes} 分 {seconds} 秒')).toBe('分秒');
  });
});

describe('the translation check', () => {
  it('passes real translations, names kept on purpose, and short words two languages share', () => {
    const findings = catalogFindings(
      catalogs({
        'en-us': [
          ['Sign in', 'Sign in'],
          ['OAuth', 'OAuth'],
          ['Cancel', 'Cancel'],
        ],
        'fi-fi': [
          ['Sign in', 'Kirjaudu'],
          ['OAuth', 'OAuth'],
          ['Cancel', 'Peruuta'],
        ],
        'zh-cn': [
          ['Sign in', '登录'],
          ['OAuth', 'OAuth'],
          ['Cancel', '取消'],
        ],
        'zh-hk': [
          ['Sign in', '登入'],
          ['OAuth', 'OAuth'],
          ['Cancel', '取消'],
        ],
      }),
      'en-us',
    );
    expect(findings).toEqual([]);
  });

  it('names the locale, the id Lingui compiles, the source and its files for a copy of the English text', () => {
    const findings = catalogFindings(
      catalogs({
        'en-us': [],
        'fi-fi': [
          ['Sign in', 'Sign in'],
          ['Log out now', 'log out, now.'],
        ],
      }),
      'en-us',
    );
    expect(findings.map(describeFinding)).toEqual([
      `fi-fi  id ${generateMessageId('Sign in')}  "Sign in" (src/a.tsx, src/b.tsx)\n    the fi-fi translation is the English text`,
      `fi-fi  id ${generateMessageId('Log out now')}  "Log out now" (src/a.tsx, src/b.tsx)\n    the fi-fi translation is the English text, nearly: "log out, now."`,
    ]);
  });

  it("flags a sentence that is another language's text", () => {
    const sentence = 'このアプリケーションを信頼できる場合にのみ許可してください。';
    const findings = catalogFindings(
      catalogs({
        'en-us': [],
        'ja-jp': [['Allow it only if you trust it.', sentence]],
        'zh-cn': [['Allow it only if you trust it.', sentence]],
      }),
      'en-us',
    );
    expect(findings.map(({ locale, problem }) => [locale, problem])).toEqual([
      ['ja-jp', `is the zh-cn text: "${sentence}"`],
      ['zh-cn', `is the ja-jp text: "${sentence}"`],
    ]);
  });
});
