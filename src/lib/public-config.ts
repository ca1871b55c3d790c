import { useEffect, useState } from 'react';
import { getPublicConfig, type PublicConfig } from '../api/auth.ts';

const EMPTY: PublicConfig = {
  providerSiteUrl: '',
  webAppUrl: '',
  faqUrl: '',
  apiDocsUrl: '',
  cnCompanyName: '',
  cnFilingNumbers: '',
};

let pending: Promise<PublicConfig> | null = null;

/** One request per page load; a failure leaves the optional links out rather than breaking the page. */
export function loadPublicConfig(): Promise<PublicConfig> {
  pending ??= getPublicConfig()
    .then((body) => ({ ...EMPTY, ...body.data }))
    .catch(() => {
      pending = null;
      return EMPTY;
    });
  return pending;
}

export function usePublicConfig(): PublicConfig {
  const [config, setConfig] = useState(EMPTY);
  useEffect(() => {
    let live = true;
    void loadPublicConfig().then((value) => live && setConfig(value));
    return () => {
      live = false;
    };
  }, []);
  return config;
}

/** Spec §1: the China-region footer shows when the first hostname label is cn. */
export function isChinaHost(hostname: string = window.location.hostname): boolean {
  return hostname.split('.')[0]?.toLowerCase() === 'cn';
}
