import { pagePaths } from '#shared-domain/page-paths.ts';

/** Every route string of the SPA: the list lives in shared-domain, so the server checks links against the same pages. */
export const paths = pagePaths;

export function withQuery(path: string, query: Record<string, string | null | undefined> | URLSearchParams): string {
  const params = query instanceof URLSearchParams ? new URLSearchParams(query) : new URLSearchParams();
  if (!(query instanceof URLSearchParams)) {
    for (const [key, value] of Object.entries(query)) if (value != null) params.set(key, value);
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}
