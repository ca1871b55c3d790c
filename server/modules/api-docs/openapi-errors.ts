import type { OAuthErrorCode, RouteContract } from '#shared-domain/contracts/contract.ts';
import { ERROR_CATALOGUE, type ErrorName } from '#shared-domain/error-catalogue.ts';

type Answer = Record<string, unknown>;

type Notes = RouteContract['errorNotes'];

/**
 * A status's description: its names (with their codes) and, where the route has one, when it answers each. One name
 * per line once any has a note, so a reader finds theirs.
 */
function describe(entries: readonly { label: string; note?: string }[]): string {
  if (entries.every((entry) => !entry.note)) return entries.map((entry) => entry.label).join(', ');
  return entries.map(({ label, note }) => `- ${label}${note ? `: ${note}` : ''}`).join('\n');
}

/**
 * The catalogue's refusals a route may answer, one OpenAPI response per status: the ErrorBody of docs/api/errors.md
 * with `error.name` and `error.code` narrowed to the names that status carries, and the first one as the example.
 */
export function catalogueAnswers(names: readonly ErrorName[], notes: Notes = {}): Record<string, Answer> {
  const byStatus = new Map<number, ErrorName[]>();
  for (const name of names) {
    const { status } = ERROR_CATALOGUE[name];
    byStatus.set(status, [...(byStatus.get(status) ?? []), name]);
  }
  const answers: Record<string, Answer> = {};
  for (const [status, group] of [...byStatus].sort(([a], [b]) => a - b)) {
    const codes = [...new Set(group.map((name) => ERROR_CATALOGUE[name].code))];
    answers[String(status)] = {
      description: describe(
        group.map((name) => ({ label: `${name} (${ERROR_CATALOGUE[name].code})`, note: notes[name] })),
      ),
      content: { 'application/json': { schema: errorBodySchema(group, codes), example: exampleOf(group[0]) } },
    };
  }
  return answers;
}

function errorBodySchema(names: readonly ErrorName[], codes: readonly (string | number)[]): Answer {
  return {
    type: 'object',
    required: ['success', 'message', 'error'],
    properties: {
      success: { const: false },
      message: { type: 'string', description: 'English, for logs; the account pages get it in the request language' },
      error: {
        type: 'object',
        required: ['code', 'name'],
        properties: {
          name: { enum: names, description: 'What clients branch on (docs/decisions/0016)' },
          code: { enum: codes, description: "The spec's code (product.md §8), fixed by the name" },
          data: { type: 'object', description: 'Facts a person needs: the field and its limit, a wait in seconds' },
        },
      },
    },
  };
}

const EXAMPLE_DATA: Partial<Record<ErrorName, Record<string, unknown>>> = {
  ValidationError: {
    field: 'friendly_name',
    problem: 'too_long',
    limit: 100,
    issues: [{ field: 'friendly_name', problem: 'too_long', limit: 100 }],
  },
  RateLimited: { retry_after_seconds: 60 },
  PayloadTooLarge: { limit_bytes: 16384 },
  AccountLocked: { account_lock_timeout: 900 },
};

function exampleOf(name: ErrorName): Answer {
  const { code, message } = ERROR_CATALOGUE[name];
  const data = EXAMPLE_DATA[name];
  const shown = name === 'ValidationError' ? 'friendly_name: at most 100 characters' : message;
  return { success: false, message: shown, error: { code, name, ...(data ? { data } : {}) } };
}

const OAUTH_STATUS: Partial<Record<OAuthErrorCode, number>> = {
  invalid_client: 401,
  temporarily_unavailable: 429,
  server_error: 500,
};

const OAUTH_HEADERS: Record<number, Answer> = {
  401: { 'www-authenticate': { schema: { type: 'string' }, description: 'Basic realm="oauth"' } },
  429: { 'retry-after': { schema: { type: 'integer' }, description: 'Seconds to wait' } },
};

const OAUTH_EXAMPLE_DESCRIPTION: Partial<Record<OAuthErrorCode, string>> = {
  // What the 401 says: a wrong secret sent by Basic (no credentials at all is a 400).
  invalid_client: 'Invalid client: client is invalid',
  temporarily_unavailable: 'Too many requests; retry after 42 seconds',
};

/** RFC 6749 §5.2 `{ error, error_description }` answers, grouped by status (invalid_client is 401, §5.2). */
export function oauthErrorAnswers(codes: readonly OAuthErrorCode[], notes: Notes = {}): Record<string, Answer> {
  const byStatus = new Map<number, OAuthErrorCode[]>();
  for (const code of codes) {
    const status = OAUTH_STATUS[code] ?? 400;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const answers: Record<string, Answer> = {};
  for (const [status, group] of [...byStatus].sort(([a], [b]) => a - b)) {
    answers[String(status)] = {
      description: `RFC 6749 §5.2:${group.some((code) => notes[code]) ? '\n' : ' '}${describe(group.map((code) => ({ label: code, note: notes[code] })))}`,
      ...(OAUTH_HEADERS[status] ? { headers: OAUTH_HEADERS[status] } : {}),
      content: {
        'application/json': {
          schema: {
            type: 'object',
            required: ['error', 'error_description'],
            properties: { error: { enum: group }, error_description: { type: 'string' } },
          },
          example: {
            error: group[0],
            error_description:
              OAUTH_EXAMPLE_DESCRIPTION[group[0]] ?? 'Invalid request: missing parameter: `grant_type`',
          },
        },
      },
    };
  }
  return answers;
}
