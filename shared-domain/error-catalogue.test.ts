import { describe, expect, it } from 'vitest';
import { isErrorName } from './error-catalogue.ts';

describe('isErrorName', () => {
  it('knows the catalogue names, and nothing an object inherits', () => {
    expect(isErrorName('NotFound')).toBe(true);
    expect(isErrorName('AccountLocked')).toBe(true);
    for (const value of ['Bogus', '', 'toString', 'constructor', 42, null, undefined, { NotFound: 1 }]) {
      expect(isErrorName(value), String(value)).toBe(false);
    }
  });
});
