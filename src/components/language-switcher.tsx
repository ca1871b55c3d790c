import { useLingui } from '@lingui/react/macro';
import { InputBase } from '@mantine/core';
import type { ChangeEvent } from 'react';
import { LOCALES, type Locale, toLocale } from '#shared-domain/locales.ts';
import { chooseLocale } from '../app/i18n.ts';
import { useHydrated } from '../lib/hydration.ts';

// Each language is named in itself so a reader can find their own whatever the page's current language.
const ENDONYMS: Record<Locale, string> = {
  'en-us': 'English',
  'zh-cn': '简体中文',
  'ja-jp': '日本語',
  'zh-hk': '繁體中文',
  'fi-fi': 'Suomi',
};

export function LanguageSwitcher() {
  const { t, i18n } = useLingui();
  // On a page the server rendered, a choice made before React has the page could be lost between the two (React puts
  // a controlled select back to the value it rendered): the switcher is offered once React has it.
  const hydrated = useHydrated();
  // Mantine's NativeSelect is this input with a data parser and a themed chevron: written out, the footer of every
  // first screen costs 1.6 KB less script.
  return (
    <InputBase
      component="select"
      pointer
      disabled={!hydrated}
      size="xs"
      aria-label={t`Language`}
      value={i18n.locale}
      rightSection={<Chevron />}
      rightSectionPointerEvents="none"
      onChange={(event: ChangeEvent<HTMLSelectElement>) => {
        const locale = toLocale(event.currentTarget.value);
        if (locale) void chooseLocale(locale);
      }}
    >
      {LOCALES.map((locale) => (
        <option key={locale} value={locale}>
          {ENDONYMS[locale]}
        </option>
      ))}
    </InputBase>
  );
}

/** The up-and-down chevron of a native select, drawn as Mantine's, in two strokes. */
function Chevron() {
  return (
    <svg width={14} height={14} viewBox="0 0 15 15" fill="none" aria-hidden="true">
      <path
        d="M5 5.5l2.5-2.5 2.5 2.5M5 9.5l2.5 2.5 2.5-2.5"
        stroke="currentColor"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
