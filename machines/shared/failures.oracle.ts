import { type ApiError, isApiError } from '#shared-domain/api-error.ts';
import type { ErrorName } from '#shared-domain/error-catalogue.ts';
import type { OracleEvent } from '#tests/support/model-oracle.ts';

/**
 * Conditions on a failed call that several flows' oracles word alike, written from the product's rules rather than
 * taken from the machines: clients branch on the refusal's name (docs/decisions/0016), a 401 ends a signed-in page's
 * session (product.md §2.1), and a failure without the server's verdict offers Retry (docs/api/signup-links.md).
 */
export function answerOf(event: OracleEvent): ApiError | null {
  return isApiError(event.error) ? event.error : null;
}

/** 401: the session is over, wherever the call came from. */
export const sessionIsOver = ({ event }: { event: OracleEvent }) => answerOf(event)?.status === 401;

/** The server refused with one of these names. */
export const refusedAs =
  (...names: ErrorName[]) =>
  ({ event }: { event: OracleEvent }) => {
    const name = answerOf(event)?.errorName;
    return name !== undefined && names.includes(name);
  };

/** No verdict on what was asked: no answer, a timeout, too many requests or a server failure. */
export const noVerdict = ({ event }: { event: OracleEvent }) => {
  const status = answerOf(event)?.status;
  return status !== undefined && (status === 0 || status === 408 || status === 429 || status >= 500);
};
