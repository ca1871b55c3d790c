import type { z } from 'zod';
import {
  type FieldIssue,
  type FieldProblem,
  SCHEMA_VALIDATION_ERROR,
  type ValidationErrorData,
} from '#shared-domain/validation-error.ts';
import { type AppError, appError } from '../errors.ts';

/**
 * A request that breaks its contract becomes a 400 the client can act on (never a 500): error.data names the field and
 * its limit (shared-domain/validation-error.ts) so a page can say what is wrong. The type provider's validator
 * (server/lib/zod-type-provider.ts) answers this for every request schema of every route.
 */
export function validationFailure(error: z.ZodError): AppError {
  const issues = error.issues.flatMap(toFieldIssues);
  const [first] = issues;
  const data: ValidationErrorData = { ...first, issues };
  return appError(SCHEMA_VALIDATION_ERROR, { message: describe(first), data });
}

function toFieldIssues(issue: z.core.$ZodIssue): FieldIssue[] {
  const field = issue.path.length > 0 ? String(issue.path[0]) : null;
  if (issue.code === 'unrecognized_keys')
    return issue.keys.map((key) => ({ field: field ?? key, problem: 'unknown_field' }));
  if (issue.code === 'too_big' || issue.code === 'too_small') {
    const bound = Number(issue.code === 'too_big' ? issue.maximum : issue.minimum);
    const kind =
      issue.origin === 'string' ? 'string' : issue.origin === 'array' || issue.origin === 'set' ? 'list' : 'number';
    const problem: FieldProblem = SIZE_PROBLEMS[issue.code][kind];
    return [Number.isFinite(bound) ? { field, problem, limit: bound } : { field, problem }];
  }
  return [{ field, problem: 'invalid' }];
}

const SIZE_PROBLEMS = {
  too_big: { string: 'too_long', list: 'too_many', number: 'too_big' },
  too_small: { string: 'too_short', list: 'too_few', number: 'too_small' },
} as const;

/** The same facts in English, for API consumers and logs; people read the SPA's translation. */
function describe({ field, problem, limit }: FieldIssue): string {
  if (field === null) return 'Request validation failed';
  const words: Record<FieldProblem, string> = {
    too_long: `at most ${limit} characters`,
    too_short: `at least ${limit} characters`,
    too_many: `at most ${limit} entries`,
    too_few: `at least ${limit} entries`,
    too_big: `at most ${limit}`,
    too_small: `at least ${limit}`,
    unknown_field: 'not an accepted field',
    invalid: 'not a valid value',
  };
  return `${field}: ${words[problem]}`;
}

/**
 * Where a request part carries U+0000 in a string: its top-level field (null when the part itself is the string), or
 * undefined when it carries none. No field of this API means a NUL, and PostgreSQL cannot hold one in text (every query
 * naming it fails), so it is refused at the contract like any other invalid value, the same on SQLite.
 */
export function fieldWithNul(value: unknown, field: string | null = null, depth = 0): string | null | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? field : undefined;
  // Request bodies are at most 16 KiB, but nesting is cheap to write: past this depth a value is refused elsewhere.
  if (value === null || typeof value !== 'object' || depth > 64) return undefined;
  for (const [key, entry] of Object.entries(value)) {
    const found = fieldWithNul(entry, depth === 0 && !Array.isArray(value) ? key : field, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The ValidationError for a NUL character in `field`, in the shape of every other schema refusal. */
export function nulFailure(field: string | null): AppError {
  const issue: FieldIssue = { field, problem: 'invalid' };
  return appError(SCHEMA_VALIDATION_ERROR, { message: describe(issue), data: { ...issue, issues: [issue] } });
}
