/**
 * The length rules of product.md §5 and §9 at their edges, through the API: the last value the server takes and the
 * first it refuses. The numbers are the product's, written out (not the shared constants), so that a constant changed
 * by mistake fails here as well as in shared-domain/boundaries.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { send, signupForm } from './helpers/account.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const password = (length: number) => `Ab1${'c'.repeat(length - 3)}`;
const address = (length: number) => `${'a'.repeat(length - '@example.com'.length)}@example.com`;

/** A sign-up that passes every rule but the captcha answers CAPTCHA_INVALID: the server's last check, after the rules. */
const signUp = (fields: Parameters<typeof signupForm>[0]) =>
  send(server, 'POST', '/api/signup/new', { ...signupForm(fields), captcha_token: 'x' });

describe('sign-up at the edges of its rules', () => {
  it.each([
    ['a password of 9 characters', { password: password(9) }, 'PASSWORD_NOT_ENOUGH_LENGTH'],
    ['a password of 10 characters', { password: password(10) }, 'CAPTCHA_INVALID'],
    ['a password of 32 characters', { password: password(32) }, 'CAPTCHA_INVALID'],
    ['a password of 33 characters', { password: password(33) }, 'PASSWORD_NOT_ENOUGH_LENGTH'],
    ['a name of 100 characters', { friendly_name: 'n'.repeat(100) }, 'CAPTCHA_INVALID'],
    ['a name of 101 characters', { friendly_name: 'n'.repeat(101) }, 'VALIDATION_ERROR'],
  ])('%s: %s', async (_label, fields, code) => {
    const response = await signUp({ email: 'edge@example.com', ...fields });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe(code);
  });

  it.each([
    [254, 'CAPTCHA_INVALID'],
    [255, 'VALIDATION_ERROR'],
  ])('an e-mail address of %i characters: %s', async (length, code) => {
    const response = await signUp({ email: address(length) });
    expect(response.body.error.code).toBe(code);
  });
});

describe('login at the edges of its limits', () => {
  it.each([
    ['an e-mail of 254 and a password of 1024 characters', address(254), 1024, 82],
    ['an e-mail of 255 characters', address(255), 10, 'VALIDATION_ERROR'],
    ['a password of 1025 characters', address(254), 1025, 'VALIDATION_ERROR'],
  ])('%s: %s', async (_label, username, length, code) => {
    // 82: the account does not exist, so the request got past every limit.
    const response = await send(server, 'POST', '/api/login', { username, password: 'p'.repeat(length) });
    expect(response.body.error.code).toBe(code);
  });
});
