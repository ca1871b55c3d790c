import { useState } from 'react';
import { type Location, useLocation } from 'react-router-dom';
import { useServerPageEnv } from './page-env.ts';

/** The id of the JSON data block in which the server sends what it fetched for the page's first screen. */
export const PAGE_DATA_ELEMENT_ID = 'page-data';

/**
 * What the server fetched for this page's first screen and rendered it with, or null: the page then fetches it
 * itself. In the browser it is taken only for the address the document was sent for, and only before any navigation
 * inside the SPA (React Router's first history entry), so no other page and no later visit shows stale data.
 */
export function usePageData(): unknown {
  const server = useServerPageEnv();
  const location = useLocation();
  const [data] = useState(() => (server ? (server.data ?? null) : sentData(location)));
  return data;
}

function sentData(location: Location): unknown {
  if (typeof document === 'undefined' || location.key !== 'default') return null;
  const text = document.getElementById(PAGE_DATA_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const sent = JSON.parse(text) as { url?: unknown; data?: unknown };
    return sent.url === `${location.pathname}${location.search}` ? (sent.data ?? null) : null;
  } catch {
    return null;
  }
}
