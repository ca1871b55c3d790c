import { createHash } from 'node:crypto';

/** A file the page's scripts need: the entry, a module it imports, or a stylesheet Vite's loader must find linked. */
export interface ScriptFile {
  kind: 'script' | 'modulepreload' | 'stylesheet';
  /** Root-relative URL of a file in the build. */
  href: string;
}

/** The id of the JSON block that lists a server-rendered page's script files for START_SCRIPT. */
export const SCRIPT_FILES_ID = 'script-files';

/**
 * Starts a server-rendered page's scripts once its first screen has been painted. That screen is already in the HTML
 * and the inline styles, so the scripts only take it over; fetched beside the document, they took the phone's
 * bandwidth from the fonts the first paint waits for, and a module that arrived first ran (hydration started) before
 * the browser painted, pushing the paint behind it. All the files are still requested together, in one wave, in the
 * order listed (the preloads and the print-only stylesheet links before the entry, so Vite's loader finds them).
 * Without paint timing, or in a tab nobody sees (which never paints), it starts at once; after 3 s in any case.
 *
 * A classic inline script, allowed by its hash in the Content-Security-Policy (START_SCRIPT_CSP_SOURCE): it has to run
 * before any file arrives. It reads only the JSON block the server wrote.
 */
export const START_SCRIPT = `(() => {
  const files = JSON.parse(document.getElementById('${SCRIPT_FILES_ID}').textContent);
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const { kind, href } of files) {
      const element = document.createElement(kind === 'script' ? 'script' : 'link');
      if (kind === 'script') element.type = 'module';
      else element.rel = kind;
      if (kind === 'stylesheet') element.media = 'print';
      element[kind === 'script' ? 'src' : 'href'] = href;
      element.crossOrigin = 'anonymous';
      document.head.append(element);
    }
  };
  if (document.visibilityState !== 'visible' || !PerformanceObserver.supportedEntryTypes.includes('paint')) {
    start();
    return;
  }
  new PerformanceObserver((_, observer) => {
    observer.disconnect();
    setTimeout(start, 0);
  }).observe({ type: 'paint', buffered: true });
  document.addEventListener('visibilitychange', start, { once: true });
  setTimeout(start, 3000);
})();`;

/** The CSP source that allows START_SCRIPT and nothing else inline. */
export const START_SCRIPT_CSP_SOURCE = `'sha256-${createHash('sha256').update(START_SCRIPT).digest('base64')}'`;
