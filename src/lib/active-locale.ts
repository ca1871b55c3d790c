import { i18n } from '@lingui/core';
import { DEFAULT_LOCALE, type Locale, toLocale } from '#shared-domain/locales.ts';

/** The language the reader sees the page in, which is the one the server should write its mail in. */
export function activeLocale(): Locale {
  return toLocale(i18n.locale) ?? DEFAULT_LOCALE;
}
