import { PAGES_PREFIX } from '#shared-domain/page-paths.ts';

const SCRIPT = `${PAGES_PREFIX}sw.js`;
const SCOPE = PAGES_PREFIX;

/**
 * product.md §2.4: register the worker at load; if its script is gone (a deploy removed it, or the server answers the
 * SPA's index.html instead), unregister what an older deploy left behind and reload so the page is served without it.
 */
export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  try {
    const response = await fetch(SCRIPT, { cache: 'no-store' });
    const isScript = response.ok && (response.headers.get('content-type') ?? '').includes('javascript');
    if (!isScript) {
      const registrations = await navigator.serviceWorker.getRegistrations();
      if (registrations.length === 0) return;
      await Promise.all(registrations.map((registration) => registration.unregister()));
      window.location.reload();
      return;
    }
    await navigator.serviceWorker.register(SCRIPT, { scope: SCOPE });
  } catch {
    // Offline or blocked by the browser: the portal works without the worker.
  }
}
