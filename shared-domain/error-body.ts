import { ApiError } from './api-error.ts';
import { ERROR_CATALOGUE, type ErrorName } from './error-catalogue.ts';
import type { ApiErrorBody } from './error-codes.ts';

// Apart from api-error.ts, which every page loads: the catalogue it reads stays out of the login page's first load.
/**
 * Builds the error body the server sends for a catalogue name (its code and English message come with it); used by
 * tests and mocks so they speak the real wire format and cannot invent a name the server never sends.
 */
export function apiErrorBody(name: ErrorName, data?: Record<string, unknown>): ApiErrorBody {
  const { code, message } = ERROR_CATALOGUE[name];
  return { success: false, message, error: { code, name, ...(data ? { data } : {}) } };
}

/** The error a client throws for that refusal, under the status the server answers it with. */
export function apiErrorOf(name: ErrorName, data?: Record<string, unknown>): ApiError {
  return new ApiError(ERROR_CATALOGUE[name].status, apiErrorBody(name, data));
}
