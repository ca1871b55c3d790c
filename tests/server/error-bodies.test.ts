import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NAME_MAX_LENGTH } from '#shared-domain/account.ts';
import { APPLICATION_NAME_MAX_LENGTH } from '#shared-domain/credentials.ts';
import { EMAIL_MAX_LENGTH } from '#shared-domain/email.ts';
import { LOGIN_PASSWORD_MAX_LENGTH } from '#shared-domain/login.ts';
import { startOAuthTestServer } from '../support/oauth-client.ts';
import { createUser, loginCookie, startTestServer, type TestServer } from '../support/server.ts';
import { get, send, signupForm } from './helpers/account.ts';

/** Refusals carry a code and the facts in error.data, so the SPA can say in the reader's language what is wrong. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** An address of exactly `n` characters. */
const address = (n: number) => `${'a'.repeat(n - '@example.com'.length)}@example.com`;

describe('VALIDATION_ERROR names the field and the limit', () => {
  it.each([
    [
      'signup name',
      '/api/signup/new',
      { ...signupForm({ email: 'n@example.com', friendly_name: 'n'.repeat(NAME_MAX_LENGTH + 1) }), captcha_token: 'x' },
      'friendly_name',
      NAME_MAX_LENGTH,
    ],
    [
      'signup email',
      '/api/signup/new',
      { ...signupForm({ email: address(EMAIL_MAX_LENGTH + 1) }), captcha_token: 'x' },
      'email',
      EMAIL_MAX_LENGTH,
    ],
    [
      'login email',
      '/api/login',
      { username: address(EMAIL_MAX_LENGTH + 1), password: 'Secret1234' },
      'username',
      EMAIL_MAX_LENGTH,
    ],
    [
      'login password',
      '/api/login',
      { username: 'a@example.com', password: 'p'.repeat(LOGIN_PASSWORD_MAX_LENGTH + 1) },
      'password',
      LOGIN_PASSWORD_MAX_LENGTH,
    ],
  ])('%s: one character over the limit', async (_label, path, body, field, limit) => {
    const response = await send(server, 'POST', path, body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      success: false,
      message: `${field}: at most ${limit} characters`,
      error: {
        code: 'VALIDATION_ERROR',
        name: 'ValidationError',
        data: { field, problem: 'too_long', limit, issues: [{ field, problem: 'too_long', limit }] },
      },
    });
  });

  it('the recovery email, from the query', async () => {
    const response = await get(server, '/api/password/recover', {
      email: address(EMAIL_MAX_LENGTH + 1),
      language: 'en-us',
    });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({
      code: 'VALIDATION_ERROR',
      data: { field: 'email', problem: 'too_long', limit: EMAIL_MAX_LENGTH },
    });
  });

  it.each([
    ['verification check', '/api/signup/verify/check', 'username'],
    ['verification resend', '/api/signup/verify/resend', 'email'],
  ])(
    "the verify-needed page's address, from the query (%s): the same limit as every account address",
    async (_label, path, field) => {
      const response = await get(server, path, { [field]: address(EMAIL_MAX_LENGTH + 1) });
      expect(response.status).toBe(400);
      expect(response.body.error).toMatchObject({
        code: 'VALIDATION_ERROR',
        data: { field, problem: 'too_long', limit: EMAIL_MAX_LENGTH },
      });
    },
  );

  it('accepts exactly the limit', async () => {
    const response = await send(server, 'POST', '/api/login', {
      username: address(EMAIL_MAX_LENGTH),
      password: 'p'.repeat(LOGIN_PASSWORD_MAX_LENGTH),
    });
    // Past validation: the account does not exist.
    expect(response.body.error.code).toBe(82);
  });

  it.each([
    [
      'an unknown field',
      { username: 'a@example.com', password: 'x', admin: true },
      { field: 'admin', problem: 'unknown_field' },
      'admin: not an accepted field',
    ],
    [
      'a wrong type',
      { username: 42, password: 'x' },
      { field: 'username', problem: 'invalid' },
      'username: not a valid value',
    ],
  ])('%s', async (_label, body, problem, message) => {
    const response = await send(server, 'POST', '/api/login', body);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
    expect(response.body.error).toEqual({
      code: 'VALIDATION_ERROR',
      name: 'ValidationError',
      data: { ...problem, issues: [problem] },
    });
  });

  it('a body that is not an object has no field', async () => {
    const response = await send(server, 'POST', '/api/login', [1, 2]);
    expect(response.status).toBe(400);
    expect(response.body.error).toEqual({
      code: 'VALIDATION_ERROR',
      name: 'ValidationError',
      data: { field: null, problem: 'invalid', issues: [{ field: null, problem: 'invalid' }] },
    });
  });
});

describe('a service rule over a length answers like the schema', () => {
  it('create grant: an application name over the limit', async () => {
    const oauth = await startOAuthTestServer();
    try {
      await createUser(oauth, { email: 'dev@example.com', owner: true, apiAccess: true });
      const cookie = await loginCookie(oauth, 'dev@example.com');
      const response = await send(
        oauth,
        'POST',
        '/api/client_grant',
        {
          grant_type: 'client_credentials',
          application_name: 'x'.repeat(APPLICATION_NAME_MAX_LENGTH + 1),
        },
        { cookie },
      );
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(`application_name: at most ${APPLICATION_NAME_MAX_LENGTH} characters`);
      expect(response.body.error).toMatchObject({
        code: 'VALIDATION_ERROR',
        name: 'ValidationError',
        data: { field: 'application_name', problem: 'too_long', limit: APPLICATION_NAME_MAX_LENGTH },
      });
    } finally {
      await oauth.close();
    }
  });
});

describe('framework refusals', () => {
  it('413 says how large a body may be', async () => {
    const response = await send(server, 'POST', '/api/login', {
      username: 'a@example.com',
      password: 'p'.repeat(17 * 1024),
    });
    expect(response.status).toBe(413);
    expect(response.body).toEqual({
      success: false,
      message: 'Request body is too large',
      error: { code: 'PAYLOAD_TOO_LARGE', name: 'PayloadTooLarge', data: { limit_bytes: 16 * 1024 } },
    });
  });
});
