/** product.md §9: languages by index, and the browser-locale table that maps onto them. */
export const LOCALES = ['en-us', 'zh-cn', 'ja-jp', 'zh-hk', 'fi-fi'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en-us';

const BROWSER_LOCALES: Record<string, Locale> = {
  en: 'en-us',
  'en-us': 'en-us',
  'en-ca': 'en-us',
  'en-au': 'en-us',
  'zh-cn': 'zh-cn',
  ja: 'ja-jp',
  'ja-jp': 'ja-jp',
  'zh-hk': 'zh-hk',
  'zh-tw': 'zh-hk',
  fi: 'fi-fi',
  'fi-fi': 'fi-fi',
};

/**
 * Maps anything a detector or a payload may carry (a locale code in any case or separator, or the spec's index) onto
 * a supported locale, or null when the table has no entry.
 */
export function toLocale(value: unknown): Locale | null {
  if (typeof value === 'number' || (typeof value === 'string' && /^[0-4]$/.test(value))) {
    return LOCALES[Number(value)] ?? null;
  }
  if (typeof value !== 'string') return null;
  const key = value.trim().toLowerCase().replace('_', '-');
  // Own entries only: a name every object inherits (`constructor`) is no language.
  return Object.hasOwn(BROWSER_LOCALES, key) ? (BROWSER_LOCALES[key] ?? null) : null;
}

export function localeIndex(locale: Locale): number {
  return LOCALES.indexOf(locale);
}

/** The query parameter, storage key and cookie that name the reader's language (product.md §2.4). */
export const LANGUAGE_KEY = 'language';

/**
 * A copy of the language the reader chose in the switcher (the SPA keeps it in local storage, which the server cannot
 * read), so the page the server renders is already in that language.
 */
export const LANGUAGE_CHOICE_COOKIE = 'language_choice';
