import { DEFAULT_LOCALE, LANGUAGE_KEY, type Locale, toLocale } from '#shared-domain/locales.ts';

function cookie(name: string): string | null {
  const entry = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
  return entry ? decodeURIComponent(entry.slice(name.length + 1)) : null;
}

/**
 * product.md §2.4 order: query string, local storage, browser language, cookie, session storage, html lang, path,
 * subdomain. Written out rather than taken from @lingui/detect-locale: each source is one line of the platform's API,
 * and the package was 0.65 KB gzip of the login page's first load. Every source is wrapped because some throw
 * (storage in private mode); each answer goes through the spec's table, and the first that maps wins.
 */
const sources: Array<() => string | null | undefined> = [
  () => new URLSearchParams(location.search).get(LANGUAGE_KEY),
  () => localStorage.getItem(LANGUAGE_KEY),
  () => navigator.language,
  () => cookie(LANGUAGE_KEY),
  () => sessionStorage.getItem(LANGUAGE_KEY),
  () => document.documentElement.getAttribute('lang'),
  // The second path segment (/pages/<locale>) and the first label of a host with a subdomain (<locale>.example.com).
  () => location.pathname.split('/')[2],
  () => {
    const labels = location.hostname.split('.');
    return labels.length > 2 ? labels[0] : null;
  },
];

export function detectLocale(): Locale {
  for (const source of sources) {
    let found: unknown;
    try {
      found = source();
    } catch {
      continue;
    }
    const locale = toLocale(found);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}
