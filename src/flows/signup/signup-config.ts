import { useEffect, useState } from 'react';
import { getSignupConfig, type SignupConfig } from '../../api/account.ts';

const FALLBACK: SignupConfig = { captcha: { provider: 'altcha', siteKey: null }, termsUrl: null };

let pending: Promise<SignupConfig> | null = null;

/**
 * One request per page load. Without an answer the page still works: the self-hosted captcha is the default, and the
 * terms checkbox simply has no link.
 */
function loadSignupConfig(): Promise<SignupConfig> {
  pending ??= getSignupConfig().catch(() => {
    pending = null;
    return FALLBACK;
  });
  return pending;
}

/** Null until the configuration is known. */
export function useSignupConfig(): SignupConfig | null {
  const [config, setConfig] = useState<SignupConfig | null>(null);
  useEffect(() => {
    let live = true;
    void loadSignupConfig().then((value) => live && setConfig(value));
    return () => {
      live = false;
    };
  }, []);
  return config;
}
