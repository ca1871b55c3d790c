import { isApiError } from '../../shared-domain/api-error.ts';

/**
 * The server's own words, where the spec says a page shows "the server message": only a 4xx carries one worth
 * reading (a 5xx body is the error handler's generic line, and a dropped connection has none). Null means the page
 * falls back to its translated message.
 */
export function serverMessageOf(error: unknown): string | null {
  if (!isApiError(error) || error.status < 400 || error.status >= 500) return null;
  const message = error.body?.message?.trim();
  return message ? message : null;
}
