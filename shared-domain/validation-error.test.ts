import { describe, expect, it } from 'vitest';
import { isFieldIssue } from './validation-error.ts';

describe('isFieldIssue: the facts of a schema refusal the SPA may word', () => {
  it.each([
    [{ field: 'name', problem: 'too_long', limit: 100 }],
    [{ field: null, problem: 'invalid' }],
    [{ field: 'redirect_uris', problem: 'too_many', limit: 0 }],
    [{ field: 'x', problem: 'unknown_field', limit: undefined }],
  ])('takes %j', (value) => expect(isFieldIssue(value)).toBe(true));

  it.each([
    [null],
    [undefined],
    [0],
    ['too_long'],
    [{}],
    [{ field: 'name' }],
    [{ problem: 'too_long' }],
    [{ field: 7, problem: 'too_long' }],
    [{ field: 'name', problem: 'too_weird' }],
    [{ field: 'name', problem: 'too_long', limit: '100' }],
    [{ field: 'name', problem: 'too_long', limit: null }],
    [{ field: 'name', problem: 'too_long', limit: Number.NaN }],
    [{ field: 'name', problem: 'too_long', limit: Number.POSITIVE_INFINITY }],
    [Object.assign(() => undefined, { field: 'name', problem: 'too_long' })],
  ])('refuses %j', (value) => expect(isFieldIssue(value)).toBe(false));
});
