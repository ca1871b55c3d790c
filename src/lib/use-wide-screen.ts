import { useSyncExternalStore } from 'react';
import { MOBILE_MAX_WIDTH } from '../app/theme.ts';

const WIDE = `(min-width: ${MOBILE_MAX_WIDTH}px)`;

function subscribe(onChange: () => void): () => void {
  const list = window.matchMedia(WIDE);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

// A fresh MediaQueryList each time rather than one kept: the answer is read rarely (on render), and a kept list would
// pin the width a test set before it.
const isWide = () => window.matchMedia(WIDE).matches;
// The server renders links as a wide screen shows them; so does a page that has nothing to carry.
const assumeWide = () => true;
const noSubscription = () => () => undefined;

/**
 * Whether the screen is at least the spec's mobile breakpoint wide (product.md §2.1: query parameters ride along on
 * links only there). Only asked when the answer changes something (`needed`: the page has a query to carry): on a
 * phone, the answer differs from the server's first render, and finding that out re-renders the whole page in the
 * task that ends hydration, the longest of a page's load. Without a query both answers render the same links.
 */
export function useWideScreen(needed: boolean): boolean {
  return useSyncExternalStore(needed ? subscribe : noSubscription, needed ? isWide : assumeWide, assumeWide);
}
