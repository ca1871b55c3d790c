import { NativeSelect } from '@mantine/core';
import { useHydrated } from '../lib/hydration.ts';
import { useLingui } from '@lingui/react/macro';
import { LOCALES, toLocale, type Locale } from '../../shared-domain/locales.ts';
import { chooseLocale } from '../app/i18n.ts';

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
  return (
    <NativeSelect
      disabled={!hydrated}
      size="xs"
      aria-label={t`Language`}
      value={i18n.locale}
      data={LOCALES.map((locale) => ({ value: locale, label: ENDONYMS[locale] }))}
      onChange={(event) => {
        const locale = toLocale(event.currentTarget.value);
        if (locale) void chooseLocale(locale);
      }}
    />
  );
}
