import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailsTo, tokenFrom, waitForMail } from '../support/outbox.ts';
import { createUser, loginCookie, startTestServer, type TestServer } from '../support/server.ts';
import { get, login, send } from './helpers/account.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function resetToken(email: string, language = 'en-us'): Promise<string> {
  const before = mailsTo(server, email, 'reset').length;
  const response = await get(server, '/api/password/recover', { email, language, return_to: '/pages/main' });
  expect(response.status).toBe(200);
  return tokenFrom(await waitForMail(server, email, { kind: 'reset', after: before }));
}

const check = (token: string) => get(server, '/api/password/change/check', { reset_token: token });
const change = (token: string, body: Record<string, unknown>) =>
  send(server, 'PATCH', '/api/password/change', body, { query: { reset_token: token } });

describe('GET /api/password/recover', () => {
  it('mails a reset link for a known email, in the asked language, carried params ignored', async () => {
    await createUser(server, { email: 'Rita@Example.com', name: 'Rita' });
    const response = await get(server, '/api/password/recover', {
      email: 'rita@example.com',
      language: 'zh-hk',
      return_to: '/x',
    });
    expect(response).toEqual({
      status: 200,
      body: { success: true, message: '我們已向 rita@example.com 發送一封附有重設密碼連結的電郵。' },
    });
    const mail = await waitForMail(server, 'rita@example.com', { kind: 'reset' });
    expect(mail.language).toBe('zh-hk');
    const link = new URL(mail.link!);
    expect(link.pathname).toBe('/pages/password/reset');
    expect(link.searchParams.get('email')).toBe('Rita@Example.com');
    // The page opens in the mail's language, as the activation link does, whatever the browser that opens it says.
    expect(link.searchParams.get('language')).toBe('zh-hk');
  });

  it('answers 401 code 82 for an unknown email and sends nothing', async () => {
    const response = await get(server, '/api/password/recover', { email: 'ghost@example.com', language: 'en-us' });
    expect(response.status).toBe(401);
    expect(response.body.error).toMatchObject({ code: 82, name: 'EmailNotRegistered' });
    await server.app.mailWorker.runOnce();
    expect(mailsTo(server, 'ghost@example.com')).toEqual([]);
    const rows = await server.db
      .selectFrom('account_tokens')
      .select('id')
      .where('email_normalized', '=', 'ghost@example.com')
      .execute();
    expect(rows).toEqual([]);
  });

  it('checks the email like the recovery form does', async () => {
    expect((await get(server, '/api/password/recover', { email: '' })).body.error.code).toBe('MISSING_EMAIL');
    expect((await get(server, '/api/password/recover', { email: 'rita' })).body.error.code).toBe(
      'EMAIL_INCORRECT_FORMAT',
    );
  });
});

describe('GET /api/password/change/check', () => {
  it('is 200 while the token is good and 400 INVALID_TOKEN otherwise, without spending it', async () => {
    await createUser(server, { email: 'checker@example.com' });
    const token = await resetToken('checker@example.com');
    expect(await check(token)).toEqual({ status: 200, body: { success: true } });
    expect((await check(token)).status).toBe(200);
    for (const bad of ['', 'garbage']) {
      const response = await check(bad);
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('INVALID_TOKEN');
    }
  });

  it('a newer reset link voids the older one', async () => {
    await createUser(server, { email: 'twice@example.com' });
    const older = await resetToken('twice@example.com');
    const newer = await resetToken('twice@example.com');
    expect((await check(older)).body.error.code).toBe('INVALID_TOKEN');
    expect((await check(newer)).status).toBe(200);
  });

  it('an expired reset link is refused', async () => {
    await createUser(server, { email: 'late@example.com' });
    const token = await resetToken('late@example.com');
    await server.db
      .updateTable('account_tokens')
      .set({ expires_at: Date.now() - 1 })
      .where('email_normalized', '=', 'late@example.com')
      .execute();
    expect((await check(token)).body.error.code).toBe('INVALID_TOKEN');
    expect((await change(token, { password: 'NewSecret123', logout: true, language: 'en-us' })).body.error.code).toBe(
      'INVALID_TOKEN',
    );
  });
});

describe('PATCH /api/password/change', () => {
  it('sets the new password once, ends every session, and lifts a lock', async () => {
    await createUser(server, { email: 'paula@example.com', password: 'OldSecret123' });
    const phone = await loginCookie(server, 'paula@example.com', 'OldSecret123');
    const laptop = await loginCookie(server, 'paula@example.com', 'OldSecret123');
    await server.db
      .updateTable('users')
      .set({ failed_login_count: 5, locked_until: Date.now() + 600_000 })
      .where('email_normalized', '=', 'paula@example.com')
      .execute();

    const token = await resetToken('paula@example.com');
    const response = await change(token, { password: 'NewSecret123', logout: true, language: 'fi-fi' });
    expect(response).toEqual({
      status: 200,
      body: { success: true, message: 'Salasanasi on vaihdettu. Voit nyt kirjautua sisään uudella salasanalla.' },
    });

    for (const cookie of [phone, laptop]) expect((await get(server, '/api/session', {}, cookie)).status).toBe(401);
    expect((await login(server, 'paula@example.com', 'OldSecret123')).status).toBe(401);
    expect((await login(server, 'paula@example.com', 'NewSecret123')).status).toBe(200);

    const reused = await change(token, { password: 'Another123x', logout: true, language: 'en-us' });
    expect(reused.status).toBe(400);
    expect(reused.body.error.code).toBe('INVALID_TOKEN');
    expect((await login(server, 'paula@example.com', 'NewSecret123')).status).toBe(200);
  });

  it('of two concurrent changes with one token exactly one wins', async () => {
    await createUser(server, { email: 'race@example.com' });
    const token = await resetToken('race@example.com');
    const answers = await Promise.all(
      ['RaceSecret111', 'RaceSecret222'].map((password) =>
        change(token, { password, logout: true, language: 'en-us' }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    expect(answers.find((a) => a.status === 400)!.body.error.code).toBe('INVALID_TOKEN');
  });

  it('keeps sessions when logout is false', async () => {
    await createUser(server, { email: 'stay@example.com' });
    const cookie = await loginCookie(server, 'stay@example.com');
    const token = await resetToken('stay@example.com');
    expect((await change(token, { password: 'NewSecret123', logout: false, language: 'en-us' })).status).toBe(200);
    expect((await get(server, '/api/session', {}, cookie)).status).toBe(200);
  });

  it.each([
    ['', 'MISSING_PASSWORD', 'Please fill in a password.'],
    ['Short1a', 'PASSWORD_NOT_ENOUGH_LENGTH', 'The password must be 10 to 32 characters long.'],
    ['NoDigitsHere', 'PASSWORD_NO_DIGIT', 'The password must contain at least one number.'],
    ['lowercase123', 'PASSWORD_NO_UPPERCASE', 'The password must contain at least one uppercase letter.'],
    ['UPPERCASE123', 'PASSWORD_NO_LOWERCASE', 'The password must contain at least one lowercase letter.'],
  ])('refuses %j with %s and a server message, keeping the token', async (password, code, message) => {
    const email = `weak-${code.toLowerCase()}@example.com`;
    await createUser(server, { email });
    const token = await resetToken(email);
    const response = await change(token, { password, logout: true, language: 'en-us' });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ success: false, message, error: { code } });
    expect((await check(token)).status).toBe(200);
  });

  it('answers in the asked language', async () => {
    await createUser(server, { email: 'kana@example.com' });
    const token = await resetToken('kana@example.com');
    const response = await change(token, { password: 'short', logout: true, language: 'ja-jp' });
    expect(response.body.message).toBe('パスワードは10～32文字で入力してください。');
  });

  it('answers 400 INVALID_TOKEN for an unknown token and VALIDATION_ERROR for a malformed body', async () => {
    expect((await change('nope', { password: 'NewSecret123', logout: true, language: 'en-us' })).body.error.code).toBe(
      'INVALID_TOKEN',
    );
    expect((await change('nope', { password: 'NewSecret123', logout: 'yes' })).body.error.code).toBe(
      'VALIDATION_ERROR',
    );
    expect((await change('nope', { password: 'NewSecret123', admin: true })).body.error.code).toBe('VALIDATION_ERROR');
  });

  it('a reset verifies an account that never was: the link proved the mailbox', async () => {
    await createUser(server, { email: 'unproven@example.com', verified: false });
    const token = await resetToken('unproven@example.com');
    expect((await change(token, { password: 'NewSecret123', logout: true, language: 'en-us' })).status).toBe(200);
    expect((await login(server, 'unproven@example.com', 'NewSecret123')).status).toBe(200);
  });
});
