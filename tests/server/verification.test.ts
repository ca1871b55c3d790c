import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeFinishedRows } from '#server/modules/maintenance/purge.repository.ts';
import { mailsTo, tokenFrom, waitForMail } from '../support/outbox.ts';
import { createUser, startTestServer, type TestServer } from '../support/server.ts';
import { get, login, signUp } from './helpers/account.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ REGION: 'ireland' });
});
afterAll(() => server.close());

async function signedUp(email: string): Promise<string> {
  expect((await signUp(server, { email })).status).toBe(200);
  return tokenFrom(await waitForMail(server, email, { kind: 'verification' }));
}

const verify = (token: string) => get(server, '/api/signup/verify', { verification_token: token });

describe('GET /api/signup/verify', () => {
  it('activates the account once and names the region; the link opened again says the account is active', async () => {
    const token = await signedUp('Verify@Example.com');
    expect(await verify(token)).toEqual({
      status: 200,
      body: { success: true, data: { email: 'Verify@Example.com', region: 'ireland', already_verified: false } },
    });
    expect((await login(server, 'verify@example.com')).status).toBe(200);

    expect(await verify(token)).toEqual({
      status: 200,
      body: { success: true, data: { email: 'Verify@Example.com', region: 'ireland', already_verified: true } },
    });
  });

  it('answers already_verified for an older link once a newer one activated the account', async () => {
    const first = await signedUp('twice@example.com');
    await get(server, '/api/signup/verify/resend', { email: 'twice@example.com', language: 'en-us' });
    const second = tokenFrom(await waitForMail(server, 'twice@example.com', { kind: 'verification', after: 1 }));
    // Superseded while the account still needs verifying: the old link is simply invalid.
    expect((await verify(first)).body.error.code).toBe('INVALID_TOKEN');
    expect((await verify(second)).body.data.already_verified).toBe(false);
    expect((await verify(first)).body.data).toEqual({
      email: 'twice@example.com',
      region: 'ireland',
      already_verified: true,
    });
  });

  it('keeps answering already_verified after the purge of finished tokens', async () => {
    const token = await signedUp('later@example.com');
    expect((await verify(token)).status).toBe(200);
    await purgeFinishedRows(server.db, Date.now() + 400 * 24 * 3_600_000);
    expect((await verify(token)).body.data.already_verified).toBe(true);
  });

  it('answers two simultaneous openings of one link with one activation and one already_verified', async () => {
    const token = await signedUp('race@example.com');
    const answers = await Promise.all([verify(token), verify(token)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers.map((a) => a.body.data.already_verified).sort()).toEqual([false, true]);
  });

  it.each([[''], ['not-a-token'], ['A'.repeat(43)]])('answers 400 INVALID_TOKEN for %j', async (token) => {
    const response = await verify(token);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('INVALID_TOKEN');
  });

  it('answers 400 INVALID_TOKEN once the link has expired', async () => {
    const token = await signedUp('expired@example.com');
    await server.db
      .updateTable('account_tokens')
      .set({ expires_at: Date.now() - 1 })
      .where('email_normalized', '=', 'expired@example.com')
      .execute();
    expect((await verify(token)).body.error.code).toBe('INVALID_TOKEN');
  });

  it('is not fooled by a reset token', async () => {
    await createUser(server, { email: 'crossed@example.com' });
    await get(server, '/api/password/recover', { email: 'crossed@example.com', language: 'en-us' });
    const reset = tokenFrom(await waitForMail(server, 'crossed@example.com', { kind: 'reset' }));
    expect((await verify(reset)).body.error.code).toBe('INVALID_TOKEN');
  });

  it('stores only the SHA-256 of the token', async () => {
    const token = await signedUp('hashed@example.com');
    const row = await server.db
      .selectFrom('account_tokens')
      .selectAll()
      .where('email_normalized', '=', 'hashed@example.com')
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row.expires_at - row.created_at).toBe(24 * 3_600_000);
  });
});

describe('GET /api/signup/verify/resend', () => {
  it('sends a new link in the asked language and voids the older one', async () => {
    const first = await signedUp('resend@example.com');
    const response = await get(server, '/api/signup/verify/resend', { email: 'resend@example.com', language: 'ja-jp' });
    expect(response).toEqual({
      status: 200,
      body: { success: true, message: expect.stringContaining('resend@example.com に確認メールを再送信しました') },
    });
    const mail = await waitForMail(server, 'resend@example.com', { kind: 'verification', after: 1 });
    expect(mail.language).toBe('ja-jp');
    expect((await verify(first)).body.error.code).toBe('INVALID_TOKEN');
    expect((await verify(tokenFrom(mail))).status).toBe(200);
  });

  it('answers 400 ALREADY_VERIFIED for a verified account, without mail', async () => {
    await createUser(server, { email: 'done@example.com' });
    const response = await get(server, '/api/signup/verify/resend', { email: 'done@example.com', language: 'en-us' });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({ code: 'ALREADY_VERIFIED', name: 'AlreadyVerified' });
    expect(mailsTo(server, 'done@example.com')).toEqual([]);
  });

  it('answers 401 code 82 for an unknown email', async () => {
    const response = await get(server, '/api/signup/verify/resend', { email: 'nobody@example.com', language: 'en-us' });
    expect(response.status).toBe(401);
    expect(response.body.error).toMatchObject({ code: 82, name: 'EmailNotRegistered' });
  });

  it('checks the email like the form does', async () => {
    expect((await get(server, '/api/signup/verify/resend', { email: '' })).body.error.code).toBe('MISSING_EMAIL');
    expect((await get(server, '/api/signup/verify/resend', { email: 'a@b' })).body.error.code).toBe(
      'EMAIL_INCORRECT_FORMAT',
    );
    expect((await get(server, '/api/signup/verify/resend', { email: 'a@b.co', extra: '1' })).body.error.code).toBe(
      'VALIDATION_ERROR',
    );
  });
});

describe('GET /api/signup/verify/check', () => {
  it('answers verified, 403 code 8 or 401 code 82', async () => {
    await createUser(server, { email: 'checked@example.com' });
    await createUser(server, { email: 'pending@example.com', verified: false });
    expect(await get(server, '/api/signup/verify/check', { username: 'Checked@example.com' })).toEqual({
      status: 200,
      body: { success: true, data: { verified: true } },
    });
    const pending = await get(server, '/api/signup/verify/check', { username: 'pending@example.com' });
    expect(pending.status).toBe(403);
    expect(pending.body.error).toMatchObject({ code: 8, name: 'AccountNotVerified' });
    const unknown = await get(server, '/api/signup/verify/check', { username: 'ghost@example.com' });
    expect(unknown.status).toBe(401);
    expect(unknown.body.error.code).toBe(82);
  });

  it('checks the email like the form does, so a page without one can ask for it', async () => {
    const missing = await get(server, '/api/signup/verify/check', { username: '' });
    expect(missing.status).toBe(400);
    expect(missing.body.error.code).toBe('MISSING_EMAIL');
    expect((await get(server, '/api/signup/verify/check', {})).body.error.code).toBe('MISSING_EMAIL');
    expect((await get(server, '/api/signup/verify/check', { username: 'ghost@' })).body.error.code).toBe(
      'EMAIL_INCORRECT_FORMAT',
    );
  });
});
