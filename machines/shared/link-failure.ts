import { isApiError } from '#shared-domain/api-error.ts';

/**
 * Whether a failed request was never judged by the server: no answer at all (status 0), a timeout, a rate limit or a
 * server error. Such a failure says nothing about the link or the account asked about, so a page offers Retry and
 * never calls the link invalid. Any other refusal (a 4xx with the server's verdict) is an answer.
 */
export function isTransientFailure(error: unknown): boolean {
  if (!isApiError(error)) return false;
  return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;
}
