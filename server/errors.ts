import type { ErrorCodeValue } from '../shared-domain/error-codes.ts';

export interface AppErrorOptions {
  code: ErrorCodeValue;
  data?: Record<string, unknown>;
  message?: string;
}

/**
 * The one error type services and routes throw (architecture.md §4 rule 4). The error handler turns it into the spec's
 * body; `name` is the stable identifier the client translates, `message` is English for logs and API consumers.
 */
export class AppError extends Error {
  status: number;
  code: ErrorCodeValue;
  data: Record<string, unknown> | undefined;

  constructor(status: number, name: string, options: AppErrorOptions) {
    super(options.message ?? name);
    this.name = name;
    this.status = status;
    this.code = options.code;
    this.data = options.data;
  }
}
