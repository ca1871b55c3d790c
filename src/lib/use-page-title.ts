import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useEffect } from 'react';
import { useServerPageEnv } from './page-env.ts';

const PRODUCT = msg`Monitoring service`;

/**
 * Names the page in the browser tab, history and screen reader announcements: "<page> · <product>", in the reader's
 * language. Re-set on every language switch because the tab title is outside React's tree.
 */
export function usePageTitle(page: MessageDescriptor): void {
  const { i18n } = useLingui();
  const title = `${i18n._(page)} · ${i18n._(PRODUCT)}`;
  // The server writes it into the document's <title>: the tab is named before any script runs.
  const server = useServerPageEnv();
  if (server) server.title = title;
  useEffect(() => {
    document.title = title;
  }, [title]);
}
