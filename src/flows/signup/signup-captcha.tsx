import { useLingui } from '@lingui/react/macro';
import { type ComponentType, useCallback, useEffect, useRef, useState } from 'react';
import { type Locale, toLocale } from '#shared-domain/locales.ts';
import { CAPTCHA_CHALLENGE_URL } from '#src/api/account.ts';
import { useSignupConfig } from '#src/lib/signup-config.ts';
import classes from './signup-captcha.module.css';
import { ScriptCaptcha } from './signup-captcha-script.tsx';

/**
 * The captcha's whole contract with the page: a token when solved, a word when it expired. The page turns them into
 * `captcha.solve` / `captcha.expire`, and remounts the captcha (a new key) when the machine has spent its token, so
 * any stand-in with these two callbacks can take its place in a test.
 */
export interface CaptchaProps {
  onSolve: (token: string) => void;
  onExpire: () => void;
}

export type CaptchaComponent = ComponentType<CaptchaProps>;

/** The provider GET /api/config names: ALTCHA (self-hosted proof of work) by default, reCAPTCHA v3 or Turnstile by key. */
export function SignupCaptcha(props: CaptchaProps) {
  const config = useSignupConfig();
  if (!config) return null;
  const { provider, siteKey } = config.captcha;
  if (provider === 'altcha') {
    return (
      <div className={classes.box}>
        <AltchaCaptcha {...props} />
      </div>
    );
  }
  // The server refuses to start with a hosted provider and no site key, so a missing key is not worth a fallback.
  return siteKey ? <ScriptCaptcha provider={provider} siteKey={siteKey} {...props} /> : null;
}

/** The widget's own translations for the portal's languages (English is built in); its language attribute value. */
const altchaLanguages: Record<Locale, { code: string; load?: () => Promise<unknown> }> = {
  'en-us': { code: 'en' },
  'zh-cn': { code: 'zh-cn', load: () => import('altcha/i18n/zh-cn') },
  'ja-jp': { code: 'ja', load: () => import('altcha/i18n/ja').then(creditInJapaneseOrder) },
  'zh-hk': { code: 'zh-hk', load: () => import('altcha/i18n/zh-hk') },
  'fi-fi': { code: 'fi', load: () => import('altcha/i18n/fi') },
};

interface AltchaStrings {
  get(code: string): Record<string, string> | undefined;
  set(code: string, strings: Record<string, string>): void;
}

/**
 * altcha's Japanese credit reads 保護されています ALTCHA ("protected ALTCHA"); Japanese puts the agent first:
 * ALTCHA によって保護されています. Its strings live in a global store its i18n modules fill on import.
 */
function creditInJapaneseOrder(): void {
  const strings = (globalThis as { $altcha?: { i18n?: AltchaStrings } }).$altcha?.i18n;
  const japanese = strings?.get('ja');
  const credit = japanese?.footer?.match(/^保護されています\s*(<a\b.*<\/a>)$/s);
  if (strings && japanese && credit)
    strings.set('ja', { ...japanese, footer: `${credit[1]} によって保護されています` });
}

/**
 * The `altcha` web component, imported on this page only. It fetches a challenge, solves the proof of work in a
 * worker once the form gets focus, and reports the payload that the server verifies as `captcha_token`.
 */
function AltchaCaptcha({ onSolve, onExpire }: CaptchaProps) {
  const { i18n } = useLingui();
  const language = altchaLanguages[toLocale(i18n.locale) ?? 'en-us'];
  const [ready, setReady] = useState(false);
  const handlers = useRef({ onSolve, onExpire });
  handlers.current = { onSolve, onExpire };

  useEffect(() => {
    let live = true;
    void Promise.all([import('altcha'), language.load?.()]).then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, [language]);

  // The widget dispatches on its own element, which exists once the module is loaded (altcha's README): listen from
  // the moment it is attached, so no verification can slip past.
  const listen = useCallback((element: HTMLElement | null) => {
    if (!element) return;
    const verified = (event: Event) => {
      const payload = (event as CustomEvent<{ payload?: string }>).detail?.payload;
      if (payload) handlers.current.onSolve(payload);
    };
    const expired = () => handlers.current.onExpire();
    element.addEventListener('verified', verified);
    element.addEventListener('expired', expired);
    return () => {
      element.removeEventListener('verified', verified);
      element.removeEventListener('expired', expired);
    };
  }, []);

  if (!ready) return null;
  return (
    <altcha-widget
      ref={listen}
      challenge={CAPTCHA_CHALLENGE_URL}
      auto="onfocus"
      language={language.code}
      data-testid="altcha"
    />
  );
}
