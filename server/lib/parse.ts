import type { z } from 'zod';
import { GenericCode } from '../../shared-domain/error-codes.ts';
import { AppError } from '../errors.ts';

/** Validates request input against a zod schema, turning failures into a 400 the client can act on (never a 500). */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = result.error.issues.map((i) => ({
    path: i.path.map(String).join('.'),
    message: i.message,
  }));
  throw new AppError(400, 'ValidationError', {
    code: GenericCode.VALIDATION_ERROR,
    message: 'Request validation failed',
    data: { issues },
  });
}
