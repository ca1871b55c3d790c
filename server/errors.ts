import { ERROR_CATALOGUE, type ErrorName } from '../shared-domain/error-catalogue.ts';
import type { ErrorCodeValue } from '../shared-domain/error-codes.ts';

export interface AppErrorOptions {
  /** Overrides the catalogue's English default where the message states facts or speaks the request's language. */
  message?: string;
  data?: Record<string, unknown>;
  /** Only for BadRequest from Fastify itself, which keeps the framework's own 4xx (414 for an over-long path). */
  status?: number;
}

/**
 * The one error type services and routes throw (architecture.md §4 rule 4). Its status and code come from the
 * catalogue by name (shared-domain/error-catalogue.ts), so they cannot drift between the places that throw it; the
 * error handler turns it into the documented body. Made by `appError`, never by hand.
 */
export class AppError extends Error {
  override name: ErrorName;
  status: number;
  code: ErrorCodeValue;
  data: Record<string, unknown> | undefined;

  constructor(name: ErrorName, options: AppErrorOptions = {}) {
    const entry = ERROR_CATALOGUE[name];
    super(options.message ?? entry.message);
    this.name = name;
    this.status = options.status ?? entry.status;
    this.code = entry.code;
    this.data = options.data;
  }
}

/** The factory every refusal goes through: `throw appError('ClientNotFound')`. */
export function appError(name: ErrorName, options?: AppErrorOptions): AppError {
  return new AppError(name, options);
}
