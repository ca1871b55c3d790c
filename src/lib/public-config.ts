import { useEffect, useState } from 'react';
import { getPublicConfig, type PublicConfig } from '../api/auth.ts';
import { useServerPageEnv } from './page-env.ts';

const EMPTY: PublicConfig = {
  providerSiteUrl: '',
  webAppUrl: '',
  faqUrl: '',
  apiDocsUrl: '',
  cnCompanyName: '',
  cnFilingNumbers: '',
};

/** The id of the JSON data block in which the server inlines the public configuration (no request before paint). */
export const PUBLIC_CONFIG_ELEMENT_ID = 'public-config';

/** The server's answer over the defaults: a setting an older server does not send is left empty. */
export function toPublicConfig(wire: unknown): PublicConfig {
  return { ...EMPTY, ...(typeof wire === 'object' && wire !== null ? (wire as Partial<PublicConfig>) : {}) };
}

/** The configuration the server wrote into the document, or null (the Vite dev server and tests write none). */
function inlinePublicConfig(): PublicConfig | null {
  if (typeof document === 'undefined') return null;
  const text = document.getElementById(PUBLIC_CONFIG_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    return toPublicConfig(JSON.parse(text));
  } catch {
    return null;
  }
}

let pending: Promise<PublicConfig> | null = null;

/** Inlined by the server, else one request per page load; a failure leaves the optional links out. */
export function loadPublicConfig(): Promise<PublicConfig> {
  const inline = inlinePublicConfig();
  if (inline) return Promise.resolve(inline);
  pending ??= getPublicConfig()
    .then((body) => toPublicConfig(body.data))
    .catch(() => {
      pending = null;
      return EMPTY;
    });
  return pending;
}

/**
 * The public configuration, null until known: known from the first render when the server inlined it (or, on the
 * server, from the request), fetched once otherwise.
 */
export function useLoadedPublicConfig(): PublicConfig | null {
  const server = useServerPageEnv();
  const [config, setConfig] = useState(() => server?.config ?? inlinePublicConfig());
  const known = config !== null;
  useEffect(() => {
    if (known) return;
    let live = true;
    void loadPublicConfig().then((value) => live && setConfig(value));
    return () => {
      live = false;
    };
  }, [known]);
  return config;
}

/** The public configuration, its optional links empty until known. */
export function usePublicConfig(): PublicConfig {
  return useLoadedPublicConfig() ?? EMPTY;
}

/** product.md §1: the China-region footer shows when the first hostname label is cn. */
export function isChinaHost(hostname: string): boolean {
  return hostname.split('.')[0]?.toLowerCase() === 'cn';
}

/** isChinaHost for the page being rendered: the request's host on the server, the address bar's in the browser. */
export function useIsChinaHost(): boolean {
  const server = useServerPageEnv();
  return isChinaHost(server?.hostname ?? window.location.hostname);
}
