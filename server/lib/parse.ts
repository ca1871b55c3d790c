import type { z } from 'zod';
import { validationFailure } from './validation-failure.ts';

/** Transitional: the routes not yet on their contract parse by hand; the same refusal as the type provider's. */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw validationFailure(result.error);
}
