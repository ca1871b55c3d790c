/**
 * What a 400 VALIDATION_ERROR from the request schema (server/lib/parse.ts) says in `error.data`: the first bad field
 * and, for a length or count, its limit; `issues` lists every problem alike. The SPA words it from these facts in the
 * reader's language ("Name: at most 100 characters"); the body's `message` is the same in English, for logs.
 */
export const FIELD_PROBLEMS = [
  'too_long',
  'too_short',
  'too_many',
  'too_few',
  'too_big',
  'too_small',
  'unknown_field',
  'invalid',
] as const;
export type FieldProblem = (typeof FIELD_PROBLEMS)[number];

export type FieldIssue = {
  /** The top-level field of the body or query, as the wire names it; null when the whole input is wrong. */
  field: string | null;
  problem: FieldProblem;
  /** Characters, entries or the bound a number must keep, for the problems that have one. */
  limit?: number;
};

export type ValidationErrorData = FieldIssue & { issues: FieldIssue[] };

/** The ValidationError name that marks a schema refusal (other VALIDATION_ERROR names are a service's own rules). */
export const SCHEMA_VALIDATION_ERROR = 'ValidationError' as const;

export function isFieldIssue(value: unknown): value is FieldIssue {
  if (!value || typeof value !== 'object') return false;
  const { field, problem, limit } = value as Record<string, unknown>;
  return (
    (field === null || typeof field === 'string') &&
    (FIELD_PROBLEMS as readonly unknown[]).includes(problem) &&
    // Stryker disable next-line ConditionalExpression: Number.isFinite is false for anything but a number already.
    (limit === undefined || (typeof limit === 'number' && Number.isFinite(limit)))
  );
}
