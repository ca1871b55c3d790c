import { describe, expect, it } from 'vitest';
import { CLAIMS_COOKIE, loginAccount, SESSION_COOKIE, validateLogin } from './login.ts';

describe('validateLogin (product.md §5: MISSING_EMAIL, then MISSING_PASSWORD)', () => {
  it.each([
    [{ username: '', password: '' }, 'MISSING_EMAIL'],
    [{ username: '  \t', password: 'Secret1234' }, 'MISSING_EMAIL'],
    [{ username: 'ann@example.com', password: '' }, 'MISSING_PASSWORD'],
    // A password is taken as typed: spaces are characters of it, and the server decides.
    [{ username: 'ann@example.com', password: ' ' }, null],
    [{ username: 'ann', password: 'x' }, null],
  ])('%j gives %s', (fields, code) => expect(validateLogin(fields)).toBe(code));
});

describe('loginAccount', () => {
  it('names the same account whatever the case and the spaces around the email', () => {
    expect(loginAccount('  Ann@Example.COM \n')).toBe('ann@example.com');
  });
});

describe('the session cookies (product.md §3)', () => {
  it('are the names the product gives them', () => {
    expect({ SESSION_COOKIE, CLAIMS_COOKIE }).toEqual({ SESSION_COOKIE: 'sid', CLAIMS_COOKIE: 'sid_claims' });
  });
});
