import { DEFAULT_LOCALE, type Locale, toLocale } from '#shared-domain/locales.ts';
import { enUs } from './en-us.ts';
import { fiFi } from './fi-fi.ts';
import { jaJp } from './ja-jp.ts';
import type { ServerTexts } from './types.ts';
import { zhCn } from './zh-cn.ts';
import { zhHk } from './zh-hk.ts';

const TABLES: Record<Locale, ServerTexts> = {
  'en-us': enUs,
  'zh-cn': zhCn,
  'ja-jp': jaJp,
  'zh-hk': zhHk,
  'fi-fi': fiFi,
};

/** Whatever a request or a user row carries (a code in any case, or the spec's index); English when unknown. */
export function resolveLocale(value: unknown): Locale {
  return toLocale(value) ?? DEFAULT_LOCALE;
}

export function textsFor(locale: Locale): ServerTexts {
  return TABLES[locale];
}
