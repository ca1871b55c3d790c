import { useEffect, useRef } from 'react';
import type { CaptchaProps } from './signup-captcha.tsx';

/** What product.md §7 asks of every provider: a token for the action 'signup'. */
const ACTION = 'signup';
/** reCAPTCHA v3 tokens live two minutes: a fresh one is fetched before the old one lapses. */
const RECAPTCHA_REFRESH_MS = 90_000;

interface Recaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

interface Turnstile {
  render(container: HTMLElement, options: Record<string, unknown>): string;
  remove(widgetId: string): void;
}

declare global {
  interface Window {
    grecaptcha?: Recaptcha;
    turnstile?: Turnstile;
  }
}

const SCRIPTS = {
  recaptcha: (siteKey: string) => `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`,
  turnstile: () => 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit',
};

const loading = new Map<string, Promise<void>>();

/** Loads a provider's script once, and only on the page that needs it. */
function loadScript(src: string, loaded: () => boolean): Promise<void> {
  if (loaded()) return Promise.resolve();
  let promise = loading.get(src);
  if (!promise) {
    promise = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        loading.delete(src);
        script.remove();
        reject(new Error(`could not load ${src}`));
      };
      document.head.append(script);
    });
    loading.set(src, promise);
  }
  return promise;
}

/**
 * reCAPTCHA v3 (invisible, refreshed before expiry) or Turnstile (its own widget) when GET /api/config names one with
 * a site key. Their scripts come from the provider, so this path needs the provider reachable and allowed by the CSP.
 */
export function ScriptCaptcha({
  provider,
  siteKey,
  onSolve,
  onExpire,
}: CaptchaProps & { provider: 'recaptcha' | 'turnstile'; siteKey: string }) {
  const container = useRef<HTMLDivElement>(null);
  const handlers = useRef({ onSolve, onExpire });
  handlers.current = { onSolve, onExpire };

  useEffect(() => {
    let live = true;
    let cleanup = () => {};
    if (provider === 'recaptcha') {
      const solve = () =>
        window.grecaptcha!.ready(() => {
          void window.grecaptcha!.execute(siteKey, { action: ACTION }).then(
            (token) => live && handlers.current.onSolve(token),
            () => live && handlers.current.onExpire(),
          );
        });
      void loadScript(SCRIPTS.recaptcha(siteKey), () => Boolean(window.grecaptcha)).then(
        () => {
          if (!live) return;
          solve();
          const timer = setInterval(solve, RECAPTCHA_REFRESH_MS);
          cleanup = () => clearInterval(timer);
        },
        () => undefined,
      );
    } else {
      void loadScript(SCRIPTS.turnstile(), () => Boolean(window.turnstile)).then(
        () => {
          if (!live || !container.current) return;
          const id = window.turnstile!.render(container.current, {
            sitekey: siteKey,
            action: ACTION,
            callback: (token: string) => handlers.current.onSolve(token),
            'expired-callback': () => handlers.current.onExpire(),
            'error-callback': () => handlers.current.onExpire(),
          });
          cleanup = () => window.turnstile?.remove(id);
        },
        () => undefined,
      );
    }
    return () => {
      live = false;
      cleanup();
    };
  }, [provider, siteKey]);

  return provider === 'turnstile' ? <div ref={container} data-testid="turnstile" /> : null;
}
