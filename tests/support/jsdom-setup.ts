import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Every test file is a fresh page load: the worker keeps jsdom and the libraries from node_modules between files
// (isolate: false in vitest.config.ts), but the app's own modules, and the state they keep, start afresh.
vi.resetModules();
const { markHydrated } = await import('#src/lib/hydration.ts');
const { forgetSessionCheck } = await import('#src/lib/session-check.ts');

// Views render in jsdom the way the SPA renders a page it was not sent rendered: React's from the first render.
markHydrated();

// Mantine reads these browser APIs that jsdom lacks (architecture.md §8).
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: matchesWidth(query),
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

/** Answers min-width/max-width queries against window.innerWidth, so tests can set a viewport width. */
function matchesWidth(query: string): boolean {
  const min = /min-width:\s*(\d+(?:\.\d+)?)px/.exec(query);
  const max = /max-width:\s*(\d+(?:\.\d+)?)px/.exec(query);
  const width = window.innerWidth;
  if (min && width < Number(min[1])) return false;
  if (max && width > Number(max[1])) return false;
  return Boolean(min || max);
}

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
if (!('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
}
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};

afterEach(() => {
  cleanup();
  // Every test is a fresh page load: the shell's confirmed session lives only as long as one.
  forgetSessionCheck();
  document.cookie.split(';').forEach((part) => {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
  localStorage.clear();
});
