import { DEFAULT_LOCALE, LANGUAGE_CHOICE_COOKIE, LANGUAGE_KEY, type Locale, toLocale } from '#shared-domain/locales.ts';

export interface LocaleSources {
  query: URLSearchParams;
  cookies: Record<string, string | undefined>;
  acceptLanguage: string | undefined;
}

/**
 * The language the SPA will detect for this request, worked out from what the server can see, in the SPA's order:
 * the query, the stored choice (mirrored into its own cookie), the browser's first language (navigator.language is
 * the first entry of Accept-Language), the language cookie; otherwise the default, which the SPA then reads back from
 * `<html lang>`. Where the browser knows better (a choice stored before the cookie existed), the SPA renders afresh.
 */
export function pageLocale({ query, cookies, acceptLanguage }: LocaleSources): Locale {
  const firstLanguage = acceptLanguage?.split(',')[0]?.split(';')[0]?.trim();
  return (
    toLocale(query.get(LANGUAGE_KEY)) ??
    toLocale(cookies[LANGUAGE_CHOICE_COOKIE]) ??
    toLocale(firstLanguage) ??
    toLocale(cookies[LANGUAGE_KEY]) ??
    DEFAULT_LOCALE
  );
}
