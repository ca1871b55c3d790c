import { describe, expect, it } from 'vitest';
import { passwordRequirements, validatePassword } from './password.ts';

describe('validatePassword', () => {
  it('reports the first failing rule in the spec order', () => {
    expect(validatePassword('')).toBe('MISSING_PASSWORD');
    expect(validatePassword('Ab1')).toBe('PASSWORD_NOT_ENOUGH_LENGTH');
    expect(validatePassword('A'.repeat(10) + 'b1'.repeat(12))).toBe('PASSWORD_NOT_ENOUGH_LENGTH');
    expect(validatePassword('Abcdefghij')).toBe('PASSWORD_NO_DIGIT');
    expect(validatePassword('abcdefghi1')).toBe('PASSWORD_NO_UPPERCASE');
    expect(validatePassword('ABCDEFGHI1')).toBe('PASSWORD_NO_LOWERCASE');
    expect(validatePassword('Abcdefghi1')).toBeNull();
    expect(validatePassword(`Ab1${'x'.repeat(29)}`)).toBeNull();
  });

  it('exposes the checklist state', () => {
    expect(passwordRequirements('abc')).toEqual({
      enoughLength: false,
      hasANumber: false,
      hasUpperChar: false,
      hasLowerChar: true,
    });
  });
});
