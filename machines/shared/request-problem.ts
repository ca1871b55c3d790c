import { isApiError } from '#shared-domain/api-error.ts';
import type { ErrorName } from '#shared-domain/error-catalogue.ts';
import { type FieldProblem, isFieldIssue, SCHEMA_VALIDATION_ERROR } from '#shared-domain/validation-error.ts';

/**
 * A refusal any endpoint can answer about how a request was made rather than what it asked: too many requests, a
 * field over its limit, a body too large, a malformed request. The server words these in English only (they come from
 * the framework and the request schema), so a page never shows that text: it words the code and its facts itself.
 */
export type RequestProblem =
  | { code: 'RateLimited'; retryAfterSeconds: number | null }
  | { code: 'FieldProblem'; field: string | null; problem: FieldProblem; limit: number | null }
  | { code: 'RequestTooLarge' }
  | { code: 'RequestRefused' };

// By name (docs/decisions/0016): services answer VALIDATION_ERROR and BAD_REQUEST codes for rules of their own, which
// their flows translate.
const REFUSED_NAMES = new Set<ErrorName | undefined>(['BadRequest', 'UnsupportedMediaType', 'ForbiddenOrigin']);

export function requestProblemOf(error: unknown): RequestProblem | null {
  if (!isApiError(error) || !error.body) return null;
  const { errorName: name, data } = error;
  if (name === 'RateLimited') {
    const seconds = Number(data.retry_after_seconds);
    return {
      code: 'RateLimited',
      retryAfterSeconds: Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : null,
    };
  }
  if (name === 'PayloadTooLarge') return { code: 'RequestTooLarge' };
  if (name === SCHEMA_VALIDATION_ERROR) {
    return isFieldIssue(data)
      ? { code: 'FieldProblem', field: data.field, problem: data.problem, limit: data.limit ?? null }
      : { code: 'RequestRefused' };
  }
  if (REFUSED_NAMES.has(name)) return { code: 'RequestRefused' };
  return null;
}

export function isRequestProblem(value: unknown): value is RequestProblem {
  const code = (value as { code?: unknown } | null)?.code;
  return code === 'RateLimited' || code === 'FieldProblem' || code === 'RequestTooLarge' || code === 'RequestRefused';
}
