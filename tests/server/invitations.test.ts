import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailsTo, tokenFrom, waitForMail } from '../support/outbox.ts';
import { createUser, loginCookie, startTestServer, type TestServer } from '../support/server.ts';
import { get, login, send, signupForm } from './helpers/account.ts';

let server: TestServer;
let owner: string;
beforeAll(async () => {
  server = await startTestServer();
  await createUser(server, { email: 'owner@example.com', name: 'Olga <Owner>', owner: true, apiAccess: true });
  owner = await loginCookie(server, 'owner@example.com');
});
afterAll(() => server.close());

const invite = (body: unknown, cookie = owner) => send(server, 'POST', '/api/invitations', body, { cookie });
const invitedSignup = (token: string, fields: Parameters<typeof signupForm>[0]) =>
  send(server, 'POST', '/api/signup/invite', signupForm(fields), { query: { invitation_token: token } });

describe('invitation flow through the API', () => {
  it('owner invites → mail → invited signup → a verified secondary user of the owner group', async () => {
    const before = Date.now();
    const response = await invite({ email: 'Sam@Example.com', language: 'fi-fi' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      success: true,
      data: { email: 'Sam@Example.com', expires_at: expect.any(String) },
    });
    const expiresAt = Date.parse(response.body.data.expires_at);
    expect(expiresAt).toBeGreaterThanOrEqual(before + 7 * 86_400_000);

    const mail = await waitForMail(server, 'sam@example.com', { kind: 'invitation' });
    expect(mail.language).toBe('fi-fi');
    expect(mail.subject).toBe('Olga <Owner> kutsui sinut palveluun Portal');
    expect(mail.html).toContain('Olga &lt;Owner&gt;');
    const link = new URL(mail.link!);
    expect(link.pathname).toBe('/pages/signup/invited');
    expect(link.searchParams.get('email')).toBe('Sam@Example.com');

    const signup = await invitedSignup(tokenFrom(mail), {
      email: 'sam@example.com',
      friendly_name: 'Sam',
      language: 'fi-fi',
    });
    expect(signup).toEqual({
      status: 200,
      body: { success: true, message: 'Tilisi on luotu. Voit nyt kirjautua sisään.' },
    });

    expect((await login(server, 'sam@example.com')).status).toBe(200);
    const cookie = await loginCookie(server, 'sam@example.com');
    const session = await get(server, '/api/session', {}, cookie);
    expect(session.body.data.user).toEqual({
      email: 'sam@example.com',
      name: 'Sam',
      apiAccess: true,
      isGroupOwner: false,
    });
    const rows = await server.db
      .selectFrom('users')
      .select(['group_id', 'is_owner', 'verified'])
      .where('email_normalized', 'in', ['owner@example.com', 'sam@example.com'])
      .execute();
    expect(new Set(rows.map((r) => r.group_id)).size).toBe(1);

    const reused = await invitedSignup(tokenFrom(mail), { email: 'sam@example.com' });
    expect(reused.status).toBe(400);
    expect(reused.body.error.code).toBe('INVALID_TOKEN');
  });

  it('the invitation is for its email only', async () => {
    await invite({ email: 'tom@example.com' });
    const token = tokenFrom(await waitForMail(server, 'tom@example.com', { kind: 'invitation' }));
    const response = await invitedSignup(token, { email: 'mallory@example.com' });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('INVALID_TOKEN');
    expect((await invitedSignup(token, { email: 'TOM@example.com' })).status).toBe(200);
  });

  it('checks the form first, and refuses unknown, expired or superseded invitations', async () => {
    expect((await invitedSignup('whatever', { email: 'x@example.com', accept_terms: false })).body.error.code).toBe(
      'MISSING_ACCEPT_TERM_AND_CONDITIONS',
    );
    expect((await invitedSignup('whatever', { email: 'x@example.com' })).body.error.code).toBe('INVALID_TOKEN');

    await invite({ email: 'uma@example.com' });
    const first = tokenFrom(await waitForMail(server, 'uma@example.com', { kind: 'invitation' }));
    await invite({ email: 'uma@example.com' });
    const second = tokenFrom(await waitForMail(server, 'uma@example.com', { kind: 'invitation', after: 1 }));
    expect((await invitedSignup(first, { email: 'uma@example.com' })).body.error.code).toBe('INVALID_TOKEN');
    await server.db
      .updateTable('account_tokens')
      .set({ expires_at: Date.now() - 1 })
      .where('email_normalized', '=', 'uma@example.com')
      .execute();
    expect((await invitedSignup(second, { email: 'uma@example.com' })).body.error.code).toBe('INVALID_TOKEN');
  });

  it('uses the inviter language when none is asked for', async () => {
    await createUser(server, { email: 'kenji@example.com', owner: true, language: 'ja-jp' });
    const cookie = await loginCookie(server, 'kenji@example.com');
    expect((await invite({ email: 'yui@example.com' }, cookie)).status).toBe(200);
    expect((await waitForMail(server, 'yui@example.com')).language).toBe('ja-jp');
  });
});

describe('GET /api/signup/invite/check', () => {
  const check = (token: string | undefined) => get(server, '/api/signup/invite/check', { invitation_token: token });
  async function invited(email: string, after = 0): Promise<string> {
    expect((await invite({ email })).status).toBe(200);
    return tokenFrom(await waitForMail(server, email.toLowerCase(), { kind: 'invitation', after }));
  }
  /** A refusal tells the token's holder why, and nothing else: no email, no group, no dates. */
  function expectRefusal(
    answer: { status: number; body: { error: unknown; data?: unknown } },
    status: number,
    code: string,
  ) {
    expect(answer.status).toBe(status);
    expect(answer.body.error).toEqual({ code, name: expect.any(String) });
    expect(answer.body.data).toBeUndefined();
    expect(JSON.stringify(answer.body)).not.toMatch(/@example\.com/);
  }

  it('answers the email the invitation is for, and spends nothing', async () => {
    const token = await invited('Wes@Example.com');
    expect(await check(token)).toEqual({ status: 200, body: { success: true, data: { email: 'wes@example.com' } } });
    expect(await check(token)).toEqual({ status: 200, body: { success: true, data: { email: 'wes@example.com' } } });
    expect((await invitedSignup(token, { email: 'wes@example.com' })).status).toBe(200);
  });

  it('answers 410 INVITATION_USED once the invitation created its account', async () => {
    const token = await invited('xena@example.com');
    expect((await invitedSignup(token, { email: 'xena@example.com' })).status).toBe(200);
    expectRefusal(await check(token), 410, 'INVITATION_USED');
  });

  it('answers 410 INVITATION_EXPIRED for an expired or superseded invitation', async () => {
    const first = await invited('yara@example.com');
    const second = await invited('yara@example.com', 1);
    expectRefusal(await check(first), 410, 'INVITATION_EXPIRED');
    expect((await check(second)).status).toBe(200);
    await server.db
      .updateTable('account_tokens')
      .set({ expires_at: Date.now() - 1 })
      .where('email_normalized', '=', 'yara@example.com')
      .execute();
    expectRefusal(await check(second), 410, 'INVITATION_EXPIRED');
  });

  it.each([
    ['unknown', 'A'.repeat(43)],
    ['empty', ''],
    ['missing', undefined],
  ])('answers 404 INVITATION_NOT_FOUND for a %s token', async (_label, token) =>
    expectRefusal(await check(token), 404, 'INVITATION_NOT_FOUND'),
  );

  it('answers 404 for another kind of token, and 400 for an over-long one', async () => {
    await createUser(server, { email: 'zoe@example.com' });
    await get(server, '/api/password/recover', { email: 'zoe@example.com', language: 'en-us' });
    expectRefusal(
      await check(tokenFrom(await waitForMail(server, 'zoe@example.com', { kind: 'reset' }))),
      404,
      'INVITATION_NOT_FOUND',
    );
    expect((await check('A'.repeat(600))).body.error.code).toBe('VALIDATION_ERROR');
  });

  it('answers 409 EMAIL_ALREADY_REGISTERED when the email got an account meanwhile', async () => {
    const token = await invited('walt@example.com');
    await createUser(server, { email: 'walt@example.com' });
    expectRefusal(await check(token), 409, 'EMAIL_ALREADY_REGISTERED');
  });
});

describe('POST /api/invitations refusals', () => {
  it('answers 401 without a session', async () => {
    const response = await send(server, 'POST', '/api/invitations', { email: 'a@example.com' });
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe('NO_SESSION');
  });

  it('answers 403 code 9 to a secondary user', async () => {
    await createUser(server, { email: 'second@example.com', groupOfEmail: 'owner@example.com' });
    const response = await invite({ email: 'b@example.com' }, await loginCookie(server, 'second@example.com'));
    expect(response.status).toBe(403);
    expect(response.body.error).toMatchObject({ code: 9, name: 'NotOwner' });
    expect(mailsTo(server, 'b@example.com')).toEqual([]);
  });

  it('answers 409 for a registered email, and the form codes for a bad one', async () => {
    expect((await invite({ email: 'OWNER@example.com' })).status).toBe(409);
    expect((await invite({ email: '' })).body.error.code).toBe('MISSING_EMAIL');
    expect((await invite({ email: 'nope' })).body.error.code).toBe('EMAIL_INCORRECT_FORMAT');
    expect((await invite({ email: 'c@example.com', role: 'admin' })).body.error.code).toBe('VALIDATION_ERROR');
  });

  it('refuses an invited signup for an email registered meanwhile with 409', async () => {
    await invite({ email: 'vic@example.com' });
    const token = tokenFrom(await waitForMail(server, 'vic@example.com', { kind: 'invitation' }));
    await createUser(server, { email: 'vic@example.com' });
    expect((await invitedSignup(token, { email: 'vic@example.com' })).status).toBe(409);
  });
});
