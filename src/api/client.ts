import { ApiError } from '#shared-domain/api-error.ts';
import type { ApiErrorBody } from '#shared-domain/error-codes.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface RequestOptions {
  query?: Record<string, string | number | boolean | null | undefined>;
  body?: unknown;
  signal?: AbortSignal;
}

/**
 * product.md §7: every call goes to a relative /api/{path} with same-origin credentials and a JSON content type;
 * success answers the parsed JSON, anything else throws ApiError carrying the parsed error body.
 */
export async function apiRequest<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  const url = apiUrl(path, options.query);
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    throw new ApiError(0, null);
  }
  const parsed = await readJson(response);
  if (!response.ok) throw new ApiError(response.status, isErrorBody(parsed) ? parsed : null);
  return parsed as T;
}

export function apiUrl(path: string, query?: RequestOptions['query']): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const qs = search.toString();
  return `/api/${path.replace(/^\/+/, '')}${qs ? `?${qs}` : ''}`;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function isErrorBody(value: unknown): value is ApiErrorBody {
  return typeof value === 'object' && value !== null && 'error' in value && typeof value.error === 'object';
}
