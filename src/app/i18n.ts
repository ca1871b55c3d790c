import { i18n, type Messages } from '@lingui/core';
import { LANGUAGE_CHOICE_COOKIE, LANGUAGE_KEY, LOCALES, type Locale, toLocale } from '#shared-domain/locales.ts';

// One lazily loaded chunk per locale: the login page never downloads the other four catalogs.
const catalogs: Record<Locale, () => Promise<{ messages: Record<string, unknown> }>> = {
  'en-us': () => import('#locales/en-us/messages.po'),
  'zh-cn': () => import('#locales/zh-cn/messages.po'),
  'ja-jp': () => import('#locales/ja-jp/messages.po'),
  'zh-hk': () => import('#locales/zh-hk/messages.po'),
  'fi-fi': () => import('#locales/fi-fi/messages.po'),
};

// The landing page's messages only, about a fifth of each catalog (scripts/first-screen-catalog.ts).
const firstScreenCatalogs: Record<Locale, () => Promise<{ messages: Record<string, unknown> }>> = {
  'en-us': () => import('#locales/en-us/messages.po?first-screen'),
  'zh-cn': () => import('#locales/zh-cn/messages.po?first-screen'),
  'ja-jp': () => import('#locales/ja-jp/messages.po?first-screen'),
  'zh-hk': () => import('#locales/zh-hk/messages.po?first-screen'),
  'fi-fi': () => import('#locales/fi-fi/messages.po?first-screen'),
};

export async function loadCatalog(locale: Locale): Promise<Messages> {
  return (await catalogs[locale]()).messages as Messages;
}

/** The languages whose whole catalog is loaded, not only the landing page's part of it. */
const complete = new Set<Locale>();

/**
 * Loads a language's catalog and makes it the active one. `firstScreenOnly` loads what the landing page shows and no
 * more: completeCatalog() brings the rest before any other page renders.
 */
export async function activateLocale(locale: Locale, { firstScreenOnly = false } = {}): Promise<void> {
  if (firstScreenOnly && !complete.has(locale)) {
    i18n.load(locale, (await firstScreenCatalogs[locale]()).messages as Messages);
  } else {
    await loadWhole(locale);
  }
  i18n.activate(locale);
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

async function loadWhole(locale: Locale): Promise<void> {
  if (complete.has(locale)) return;
  // Merged into what is there: the messages the landing page already has stay as they are.
  i18n.load(locale, await loadCatalog(locale));
  complete.add(locale);
}

/** The active language's whole catalog: awaited before a page other than the landing page renders. */
export function completeCatalog(): Promise<void> {
  return loadWhole(i18n.locale as Locale);
}

/** The switcher's choice outranks the browser language next time (local storage comes second in the order). */
export async function chooseLocale(locale: Locale): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_KEY, locale);
  } catch {
    /* storage unavailable: the choice lasts for this page only */
  }
  mirrorStoredLanguage();
  await activateLocale(locale);
}

/**
 * The server renders a page's first screen in the language the browser will pick, but cannot read local storage:
 * the stored choice is copied into a cookie of its own (LANGUAGE_CHOICE_COOKIE), which the server ranks where the
 * browser ranks storage. Called at start as well, for choices stored before the cookie existed.
 */
export function mirrorStoredLanguage(): void {
  let stored: Locale | null = null;
  try {
    stored = toLocale(localStorage.getItem(LANGUAGE_KEY));
  } catch {
    return;
  }
  const cookie = `${LANGUAGE_CHOICE_COOKIE}=${stored ?? ''}; path=/; samesite=lax; max-age=${stored ? 31_536_000 : 0}`;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser the portal serves
  document.cookie = cookie;
}

export { i18n, LOCALES };
