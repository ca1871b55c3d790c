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

  get data(): Record<string, unknown> {
    return this.body?.error?.data ?? {};
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** Builds the error a server would send; used by tests and mocks so they speak the real wire format. */
export function apiErrorBody(code: ErrorCodeValue, name: string, data?: Record<string, unknown>): ApiErrorBody {
  return { success: false, message: name, error: { code, name, ...(data ? { data } : {}) } };
}
