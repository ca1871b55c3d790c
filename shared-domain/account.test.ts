import { describe, expect, it } from 'vitest';
import { validateSignup } from './account.ts';
import { isEmailFormat } from './email.ts';

const ok = { email: 'ann@example.com', password: 'Secret1234', friendlyName: 'Ann', acceptTerms: true };

describe('validateSignup', () => {
  it.each([
    [{ email: '' }, 'MISSING_EMAIL'],
    [{ email: 'ann@' }, 'EMAIL_INCORRECT_FORMAT'],
    [{ email: 'ann@', password: '' }, 'EMAIL_INCORRECT_FORMAT'],
    [{ password: '' }, 'MISSING_PASSWORD'],
    [{ password: 'Short1a' }, 'PASSWORD_NOT_ENOUGH_LENGTH'],
    [{ password: 'NoDigitsHere' }, 'PASSWORD_NO_DIGIT'],
    [{ password: 'lowercase123' }, 'PASSWORD_NO_UPPERCASE'],
    [{ password: 'UPPERCASE123' }, 'PASSWORD_NO_LOWERCASE'],
    [{ password: 'Aa1'.repeat(11) }, 'PASSWORD_NOT_ENOUGH_LENGTH'],
    [{ friendlyName: '   ' }, 'MISSING_NAME'],
    [{ friendlyName: '', acceptTerms: false }, 'MISSING_NAME'],
    [{ acceptTerms: false }, 'MISSING_ACCEPT_TERM_AND_CONDITIONS'],
  ])('%j gives %s', (change, code) => expect(validateSignup({ ...ok, ...change })).toBe(code));

  it('accepts a complete form, 10 and 32 characters inclusive', () => {
    expect(validateSignup(ok)).toBeNull();
    expect(validateSignup({ ...ok, password: `Aa1${'x'.repeat(29)}` })).toBeNull();
  });

  it.each(['a@b.co', ' ann@example.com '])('takes %j as an email', (email) => expect(isEmailFormat(email)).toBe(true));
  it.each(['a b@c.d', 'a@b', '@b.c', 'a@@b.c', 'ann@example.com junk', 'ann@example.com@x', `${'a'.repeat(250)}@b.co`])(
    'refuses %j',
    (email) => expect(isEmailFormat(email)).toBe(false),
  );
});
