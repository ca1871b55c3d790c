/**
 * Every redirect target that comes from a request goes through here (design.md §5): only same-origin relative paths
 * survive. `//evil.example`, `/\evil.example`, `https://…`, `javascript:` and control characters all fall back.
 */
const PLACEHOLDER_ORIGIN = 'http://portal.invalid';

export function safeRelativePath(value: unknown, fallback: string): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return fallback;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, PLACEHOLDER_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== PLACEHOLDER_ORIGIN) return fallback;
  return url.pathname + url.search + url.hash;
}

export const DEFAULT_AFTER_LOGIN = '/pages/main';
