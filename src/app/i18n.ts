import { i18n } from '@lingui/core';
import { fromCookie, fromHtmlTag, fromNavigator, fromPath, fromStorage, fromSubdomain, fromUrl } from '@lingui/detect-locale';
import { DEFAULT_LOCALE, LOCALES, toLocale, type Locale } from '../../shared-domain/locales.ts';

/** Where a chosen language is remembered, and the query parameter that overrides everything. */
export const LANGUAGE_KEY = 'language';

/**
 * Spec §2 order: query string, local storage, browser language, cookie, session storage, html lang, path, subdomain.
 * Every detector is wrapped because some throw (storage in private mode, a missing document); each answer goes
 * through the spec's table, and the first that maps wins.
 */
const detectors: Array<() => unknown> = [
  () => fromUrl(LANGUAGE_KEY),
  () => fromStorage(LANGUAGE_KEY),
  () => fromNavigator(),
  () => fromCookie(LANGUAGE_KEY),
  () => fromStorage(LANGUAGE_KEY, { useSessionStorage: true }),
  () => fromHtmlTag('lang'),
  () => fromPath(1),
  () => fromSubdomain(0),
];

export function detectLocale(): Locale {
  for (const detector of detectors) {
    let found: unknown;
    try {
      found = detector();
    } catch {
      continue;
    }
    const locale = toLocale(found);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}

// One lazily loaded chunk per locale: the login page never downloads the other four catalogs.
const catalogs: Record<Locale, () => Promise<{ messages: Record<string, unknown> }>> = {
  'en-us': () => import('../../locales/en-us/messages.po'),
  'zh-cn': () => import('../../locales/zh-cn/messages.po'),
  'ja-jp': () => import('../../locales/ja-jp/messages.po'),
  'zh-hk': () => import('../../locales/zh-hk/messages.po'),
  'fi-fi': () => import('../../locales/fi-fi/messages.po'),
};

export async function activateLocale(locale: Locale): Promise<void> {
  const { messages } = await catalogs[locale]();
  i18n.load(locale, messages as never);
  i18n.activate(locale);
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

/** The switcher's choice outranks the browser language next time (local storage comes second in the order). */
export async function chooseLocale(locale: Locale): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_KEY, locale);
  } catch {
    /* storage unavailable: the choice lasts for this page only */
  }
  await activateLocale(locale);
}

export { i18n, LOCALES };
