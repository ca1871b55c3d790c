import { describe, expect, it } from 'vitest';
import { isErrorName } from './error-catalogue.ts';

describe('isErrorName', () => {
  it('knows the catalogue names, and nothing an object inherits', () => {
    expect(isErrorName('NotFound')).toBe(true);
    expect(isErrorName('AccountLocked')).toBe(true);
    // A value that only spells a name once turned into a string (a one-element array) is no name either.
    for (const value of ['Bogus', '', 'toString', 'constructor', 42, null, undefined, { NotFound: 1 }, ['NotFound']]) {
      expect(isErrorName(value), String(value)).toBe(false);
    }
  });
});
