/**
 * Every length and count rule of product.md §5 and §9 at its edge: the last value taken and the first refused. The
 * numbers are written here from the product's rules, never read from the constants, so that a constant changed by
 * mistake (a password minimum of 8) fails here instead of moving the test along with it.
 */
import { describe, expect, it } from 'vitest';
import { NAME_MAX_LENGTH, validateSignup } from './account.ts';
import { MAX_WEBHOOK_URL_LENGTH, webhookProblem } from './alert-forwarding.ts';
import { APPLICATION_NAME_MAX_LENGTH, validateRedirectUris } from './credentials.ts';
import { EMAIL_MAX_LENGTH, isEmailFormat, validateEmail } from './email.ts';
import { LOGIN_PASSWORD_MAX_LENGTH } from './login.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordRequirements, validatePassword } from './password.ts';

/** A password of `length` characters that meets every other rule (a digit, an upper- and a lowercase letter). */
const password = (length: number) => `Ab1${'c'.repeat(length - 3)}`;
/** An e-mail address of exactly `length` characters. */
const email = (length: number) => `${'a'.repeat(length - '@example.com'.length)}@example.com`;
const uri = (length: number) => `https://app.example.com/${'p'.repeat(length - 'https://app.example.com/'.length)}`;
const server = { redirect_uris_per_grant: 10, redirect_uri_length: 2048 };

describe('password: 10 to 32 characters inclusive (product.md §5, §9)', () => {
  it.each([
    [9, 'PASSWORD_NOT_ENOUGH_LENGTH'],
    [10, null],
    [32, null],
    [33, 'PASSWORD_NOT_ENOUGH_LENGTH'],
  ])('%i characters: %s', (length, code) => {
    expect(validatePassword(password(length))).toBe(code);
    expect(passwordRequirements(password(length)).enoughLength).toBe(code === null);
  });
});

describe('email: at most 254 characters (product.md §5, §9)', () => {
  it('takes 254 and refuses 255', () => {
    expect(isEmailFormat(email(254))).toBe(true);
    expect(validateEmail(email(254))).toBeNull();
    expect(validateEmail(email(255))).toBe('EMAIL_INCORRECT_FORMAT');
  });
});

describe('sign-up: the same edges through the whole form (product.md §5)', () => {
  const fields = { email: 'ann@example.com', password: password(10), friendlyName: 'Ann', acceptTerms: true };
  it('checks the password at 9 and 10 characters after the email', () => {
    expect(validateSignup({ ...fields, password: password(9) })).toBe('PASSWORD_NOT_ENOUGH_LENGTH');
    expect(validateSignup(fields)).toBeNull();
    expect(validateSignup({ ...fields, email: email(255), password: password(9) })).toBe('EMAIL_INCORRECT_FORMAT');
  });
});

describe('redirect URIs: 1 to 10, each at most 2048 characters (product.md §5, §9)', () => {
  const list = (count: number, length = 40) =>
    Array.from({ length: count }, (_, i) => `${uri(length - 1)}${i % 10}`).join('\n');
  it.each([
    ['none', list(0), 'MissingRedirectUris'],
    ['one', list(1), null],
    ['ten', list(10), null],
    ['eleven', list(11), 'TooManyRedirectUris'],
    ['one of 2048 characters', uri(2048), null],
    ['one of 2049 characters', uri(2049), 'RedirectUriTooLong'],
  ])('%s: %s', (_label, text, problem) => {
    expect(validateRedirectUris('authorization_code', text, server)).toBe(problem);
  });
});

describe('webhook: at most 2048 characters (product.md §5)', () => {
  const webhook = (length: number) =>
    `https://hooks.example.com/${'w'.repeat(length - 'https://hooks.example.com/'.length)}`;
  it('takes 2048 and refuses 2049', () => {
    expect(webhookProblem(webhook(2048))).toBeNull();
    expect(webhookProblem(webhook(2049))).toBe('InvalidForwardAlertWebhook');
  });
});

describe('the limits the forms and the server share (product.md §9)', () => {
  it('are the product numbers', () => {
    const limits = {
      PASSWORD_MIN_LENGTH,
      PASSWORD_MAX_LENGTH,
      LOGIN_PASSWORD_MAX_LENGTH,
      EMAIL_MAX_LENGTH,
      NAME_MAX_LENGTH,
      APPLICATION_NAME_MAX_LENGTH,
      MAX_WEBHOOK_URL_LENGTH,
    };
    expect(limits).toEqual({
      PASSWORD_MIN_LENGTH: 10,
      PASSWORD_MAX_LENGTH: 32,
      LOGIN_PASSWORD_MAX_LENGTH: 1024,
      EMAIL_MAX_LENGTH: 254,
      NAME_MAX_LENGTH: 100,
      APPLICATION_NAME_MAX_LENGTH: 100,
      MAX_WEBHOOK_URL_LENGTH: 2048,
    });
  });
});
