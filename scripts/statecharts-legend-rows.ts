/**
 * How a legend row of docs/statecharts is made (statecharts-legends.ts lists them per flow): a failure code with the
 * English words of its table in src/lib/*-errors.ts, a request problem with the words of an example, the error
 * page's words for a code it is sent with.
 */
import { setupI18n } from '@lingui/core';
import type { RequestProblem } from '#machines/shared/request-problem.ts';
import { type ErrorTable, requestProblemText } from '#src/lib/failure-text.ts';
import { errorPageMessageKey, oauthErrors } from '#src/lib/oauth-errors.ts';

/** One line of a legend: a code (with a hint when the code alone does not say when it shows) and its words. */
export interface LegendRow {
  code: string;
  hint?: string;
  message: string;
}

/** The codes a machine keeps: its bare codes and `{ code }` failures, not the request problems or server words. */
export type CodeOf<F> = F extends RequestProblem | { serverMessage: string }
  ? never
  : F extends string
    ? F
    : F extends { code: infer C extends string }
      ? C
      : never;

// The source language: descriptors carry their English message, and no catalog is needed to read it.
const english = setupI18n({ locale: 'en-us', messages: { 'en-us': {} } });

/**
 * Every code of K, each once (a Record, so the compiler checks the list), with its words from `table`; a string
 * instead of `true` says when the code shows, where its name does not.
 */
export function codes<K extends string>(table: ErrorTable<K>, all: Record<K, true | string>): LegendRow[] {
  return (Object.entries(all) as Array<[K, true | string]>).map(([code, hint]) => ({
    code,
    hint: typeof hint === 'string' ? hint : undefined,
    message: table[code].message ?? code,
  }));
}

/** Words a page shows beside its machine's codes (a dead link, a failed resend), from the same tables. */
export function also<T extends ErrorTable>(table: T, keys: Array<keyof T & string>, hint?: string): LegendRow[] {
  return keys.map((code) => ({ code, hint, message: table[code].message ?? code }));
}

export const serverWords: LegendRow = {
  code: 'server message',
  hint: 'a refusal the server words itself',
  message: "(the server's own words, in the page's language, shown as they come)",
};

/**
 * The refusals of a request itself (machines/shared/request-problem.ts) that a flow words, with one real example
 * each: the wait and the field come from the server's answer.
 */
export function requestProblems(
  kinds: Array<RequestProblem['code']>,
  field?: { name: string; limit: number; label: string },
): LegendRow[] {
  const examples: Record<RequestProblem['code'], { problem: RequestProblem; hint?: string }> = {
    RateLimited: { problem: { code: 'RateLimited', retryAfterSeconds: 300 }, hint: 'e.g. 5 minutes to wait' },
    FieldProblem: {
      problem: {
        code: 'FieldProblem',
        field: field?.name ?? null,
        problem: 'too_long',
        limit: field?.limit ?? null,
      },
      hint: field ? `e.g. ${field.label} over its limit` : 'a field over its limit',
    },
    RequestTooLarge: { problem: { code: 'RequestTooLarge' } },
    RequestRefused: { problem: { code: 'RequestRefused' } },
  };
  return kinds.map((kind) => ({
    code: kind,
    hint: examples[kind].hint,
    message: requestProblemText(english, examples[kind].problem),
  }));
}

export const ALL_REQUEST_PROBLEMS: Array<RequestProblem['code']> = [
  'RateLimited',
  'FieldProblem',
  'RequestTooLarge',
  'RequestRefused',
];

/**
 * The codes /pages/error is sent with (RFC 6749 §4.1.2.1, §5.2, and the portal's own descriptions), each with the
 * words the page shows for it (src/lib/oauth-errors.ts).
 */
export function errorPageRows(sent: string[], hint: string): LegendRow[] {
  return sent.map((code) => {
    const key = errorPageMessageKey(code, null) ?? 'ErrorPageGeneric';
    return { code, hint, message: oauthErrors[key].message ?? key };
  });
}

export const RFC_6749_ERRORS = [
  'invalid_request',
  'unauthorized_client',
  'access_denied',
  'unsupported_response_type',
  'invalid_scope',
  'server_error',
  'temporarily_unavailable',
];

/** The portal's description for a Login with Amazon whose email already has an account; the brand is its own. */
export const emailTaken: LegendRow = {
  code: 'email_already_exists_as_{product}_account',
  message:
    oauthErrors[errorPageMessageKey(null, 'email_already_exists_as_product_account') ?? 'ErrorPageGeneric'].message ??
    '',
};
