import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { isRequestProblem, type RequestProblem } from '#machines/shared/request-problem.ts';

/** Kinds of field an error can be about; each form says which of its inputs (by name) is which. */
export type FieldKind = 'email' | 'password' | 'name' | 'redirectUris' | 'webhook' | 'publicKey';

/** A code's words, and the kind of field it is about when it is about one (focus goes there). */
export type ErrorWords = MessageDescriptor & { field?: FieldKind };

/** The words of a set of codes: one table per area of the product (sign-in, account, OAuth, developer). */
export type ErrorTable<K extends string = string> = Record<K, ErrorWords>;

/** Words for a code about one field of a form. */
export function about(field: FieldKind, words: MessageDescriptor): ErrorWords {
  return { ...words, field };
}

/**
 * The codes every area can fail with. The words are split by area (architecture.md §4 rule 4) so that a page loads
 * only its own: the login page is the first screen on a phone, and the whole table was 2 KB gzip of its first load.
 */
export const commonErrors = {
  UnexpectedError: msg`Unexpected error, please try again later`,
  AnErrorOccured: msg`An error occured, please try again later`,
  BadRequest: msg`The request was not valid, please try again`,
  AccessDenied: msg`Access Denied`,
} satisfies ErrorTable;

/**
 * Words for a RequestProblem (machines/shared/request-problem.ts): the server sends these refusals in English only,
 * so they are worded here from their code and facts, in the reader's language.
 */
const requestProblemMessages = {
  tooManyAttempts: msg`Too many attempts.`,
  tryAgainIn: msg({ message: 'Try again in {time}.' }),
  tryAgainLater: msg`Please try again later.`,
  minutesSeconds: msg({ message: '{minutes} min {seconds} s' }),
  tooLong: msg({ message: '{field}: at most {limit} characters' }),
  tooShort: msg({ message: '{field}: at least {limit} characters' }),
  tooMany: msg({ message: '{field}: at most {limit} entries' }),
  tooFew: msg({ message: '{field}: at least {limit} entries' }),
  invalid: msg({ message: '{field}: this value is not valid' }),
  requestTooLarge: msg`What you entered is too long`,
};

/**
 * The request fields a page can be told about (a FieldProblem names them by their wire names): the label its form
 * shows, and the kind of field, so focus can go to it.
 */
const bodyFields: Partial<Record<string, { label: MessageDescriptor; kind: FieldKind }>> = {
  email: { label: msg`Email`, kind: 'email' },
  username: { label: msg`Email`, kind: 'email' },
  password: { label: msg`Password`, kind: 'password' },
  friendly_name: { label: msg`Name`, kind: 'name' },
  application_name: { label: msg`Application name`, kind: 'name' },
  redirect_uris: { label: msg`Redirect URIs`, kind: 'redirectUris' },
  url: { label: msg`Webhook URL`, kind: 'webhook' },
  public_rsa_key: { label: msg`RSA public key`, kind: 'publicKey' },
};

/** "5 min 0 s": the same words as the lock countdown. */
export function minutesSeconds(i18n: I18n, totalSeconds: number): string {
  const seconds = Math.max(0, Math.ceil(totalSeconds));
  return i18n._({
    ...requestProblemMessages.minutesSeconds,
    values: { minutes: Math.floor(seconds / 60), seconds: seconds % 60 },
  });
}

export function requestProblemText(i18n: I18n, problem: RequestProblem): string {
  const m = requestProblemMessages;
  switch (problem.code) {
    case 'RateLimited': {
      const when = problem.retryAfterSeconds
        ? i18n._({ ...m.tryAgainIn, values: { time: minutesSeconds(i18n, problem.retryAfterSeconds) } })
        : i18n._(m.tryAgainLater);
      return `${i18n._(m.tooManyAttempts)} ${when}`;
    }
    case 'RequestTooLarge':
      return i18n._(m.requestTooLarge);
    case 'RequestRefused':
      return i18n._(commonErrors.BadRequest);
    case 'FieldProblem': {
      const label = problem.field ? bodyFields[problem.field]?.label : undefined;
      // A field no form shows, or a problem without words of its own, is still the request's fault.
      if (!label) return i18n._(problem.problem === 'too_long' ? m.requestTooLarge : commonErrors.BadRequest);
      const values = { field: i18n._(label), limit: problem.limit ?? '' };
      const sized = { too_long: m.tooLong, too_short: m.tooShort, too_many: m.tooMany, too_few: m.tooFew } as const;
      const descriptor =
        problem.limit !== null && problem.problem in sized ? sized[problem.problem as keyof typeof sized] : m.invalid;
      return i18n._({ ...descriptor, values });
    }
  }
}

/** A failure as machines keep it: a code (bare, or as `{ code }`), a RequestProblem, or the server's own words. */
export type Failure<K extends string> = K | { code: K } | RequestProblem | { serverMessage: string };

/**
 * What a page says for a failure its machine kept, from its area's table. The table's type is the machine's codes, so
 * a code without words does not compile.
 */
export function failureText<K extends string>(i18n: I18n, failure: Failure<NoInfer<K>>, table: ErrorTable<K>): string {
  if (typeof failure === 'string') return i18n._(table[failure]);
  if ('serverMessage' in failure) return failure.serverMessage;
  if (isRequestProblem(failure)) return requestProblemText(i18n, failure);
  return i18n._(table[failure.code]);
}

/**
 * The `name` of the input a failure is about, given the form's input names per kind of field; null when it is about
 * no field (focus then goes to the message: src/lib/use-focus-first-invalid.ts).
 */
export function invalidFieldName<K extends string>(
  failure: Failure<NoInfer<K>> | null | undefined,
  table: ErrorTable<K>,
  names: Partial<Record<FieldKind, string>>,
): string | null {
  const kind = fieldKindOf(failure, table);
  return (kind && names[kind]) ?? null;
}

function fieldKindOf<K extends string>(
  failure: Failure<K> | null | undefined,
  table: ErrorTable<K>,
): FieldKind | undefined {
  if (!failure) return undefined;
  if (typeof failure === 'string') return table[failure]?.field;
  if ('serverMessage' in failure) return undefined;
  if (failure.code === 'FieldProblem' && 'field' in failure)
    return failure.field ? bodyFields[failure.field]?.kind : undefined;
  return isRequestProblem(failure) ? undefined : table[failure.code]?.field;
}
