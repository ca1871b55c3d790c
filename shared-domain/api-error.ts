import type { ErrorName } from './error-catalogue.ts';
import type { ApiErrorBody, ErrorCodeValue } from './error-codes.ts';

/**
 * What the client's fetch wrapper throws (architecture.md §4 rule 4). `status` 0 means the request never got an answer
 * (network failure); otherwise `body` is the server's parsed error body, or null when it was not JSON.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ApiErrorBody | null;

  constructor(status: number, body: ApiErrorBody | null) {
    super(body?.message ?? (status === 0 ? 'Network failure' : `HTTP ${status}`));
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  get isNetworkFailure(): boolean {
    return this.status === 0;
  }

  get code(): ErrorCodeValue | undefined {
    return this.body?.error?.code;
  }

  /** The refusal's name from the catalogue: what a client branches on (docs/decisions/0016). */
  get errorName(): ErrorName | undefined {
    return this.body?.error?.name;
  }

  get data(): Record<string, unknown> {
    return this.body?.error?.data ?? {};
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}
