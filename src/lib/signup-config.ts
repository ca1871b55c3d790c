import type { CaptchaConfig } from '../api/account.ts';
import { useLoadedPublicConfig } from './public-config.ts';

export interface SignupConfig {
  captcha: CaptchaConfig;
  /** The provider's terms and conditions that the signup checkbox links to; null when none is configured. */
  termsUrl: string | null;
}

/**
 * The signup page's part of the public configuration, null until it is known. Without an answer the page still
 * works: the self-hosted captcha is the default, and the terms checkbox simply has no link.
 */
export function useSignupConfig(): SignupConfig | null {
  const config = useLoadedPublicConfig();
  if (!config) return null;
  return {
    captcha: { provider: config.captcha?.provider ?? 'altcha', siteKey: config.captcha?.siteKey ?? null },
    termsUrl: config.termsUrl || null,
  };
}
