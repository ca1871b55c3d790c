import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenFrom, waitForMail } from '../support/outbox.ts';
import { createUser, startTestServer, type TestServer } from '../support/server.ts';
import { get, login, send, signUp, signupForm, solveCaptcha } from './helpers/account.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('POST /api/signup/new', () => {
  it('creates an unverified owner of a new group and mails the activation link', async () => {
    const response = await signUp(server, { email: 'Ann@Example.com', friendly_name: ' Ann ' });
    expect(response).toEqual({
      status: 200,
      body: {
        success: true,
        message: 'We have sent a confirmation email to Ann@Example.com. Open the link in it to activate your account.',
      },
    });
    const user = await server.db
      .selectFrom('users')
      .innerJoin('groups', 'groups.id', 'users.group_id')
      .select([
        'users.id',
        'users.name',
        'users.verified',
        'users.is_owner',
        'users.language',
        'groups.owner_user_id',
        'groups.api_access',
      ])
      .where('users.email_normalized', '=', 'ann@example.com')
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ name: 'Ann', verified: 0, is_owner: 1, language: 'en-us', api_access: 0 });
    expect(user.owner_user_id).toBe(user.id);

    const mail = await waitForMail(server, 'ann@example.com', { kind: 'verification' });
    const link = new URL(mail.link!);
    expect(link.origin + link.pathname).toBe(`${server.config.publicUrl}/pages/signup/verify`);
    expect(link.searchParams.get('email')).toBe('Ann@Example.com');
    expect(link.searchParams.get('language')).toBe('en-us');
    expect(tokenFrom(mail)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('keeps the account closed until verified: login answers 403 code 8', async () => {
    const response = await login(server, 'ann@example.com');
    expect(response.status).toBe(403);
    expect(response.body.error.code).toBe(8);
  });

  it('refuses an email that is already registered with 409, whatever its case', async () => {
    const response = await signUp(server, { email: ' ANN@example.com' });
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({
      success: false,
      error: { code: 'EMAIL_ALREADY_REGISTERED', name: 'EmailAlreadyRegistered' },
    });
  });

  it.each([
    [{ email: '' }, 'MISSING_EMAIL'],
    [{ email: 'ann@' }, 'EMAIL_INCORRECT_FORMAT'],
    [{ password: '' }, 'MISSING_PASSWORD'],
    [{ password: 'Short1a' }, 'PASSWORD_NOT_ENOUGH_LENGTH'],
    [{ password: 'NoDigitsHere' }, 'PASSWORD_NO_DIGIT'],
    [{ password: 'lowercase123' }, 'PASSWORD_NO_UPPERCASE'],
    [{ password: 'UPPERCASE123' }, 'PASSWORD_NO_LOWERCASE'],
    [{ friendly_name: '  ' }, 'MISSING_NAME'],
    [{ accept_terms: false }, 'MISSING_ACCEPT_TERM_AND_CONDITIONS'],
  ])('answers 400 with the shared rule code for %j → %s', async (change, code) => {
    const response = await send(server, 'POST', '/api/signup/new', {
      ...signupForm({ email: 'rules@example.com', ...change }),
      captcha_token: 'x',
    });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe(code);
    expect(response.body.message).toEqual(expect.any(String));
  });

  it('treats missing fields as empty ones', async () => {
    const response = await send(server, 'POST', '/api/signup/new', {});
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('MISSING_EMAIL');
  });

  it.each([
    ['an unknown field', { admin: true }],
    ['accept_terms as a string', { accept_terms: 'yes' }],
    ['a name over 100 characters', { friendly_name: 'n'.repeat(101) }],
  ])('answers 400 VALIDATION_ERROR for %s', async (_label, change) => {
    const response = await send(server, 'POST', '/api/signup/new', {
      ...signupForm({ email: 'shape@example.com' }),
      captcha_token: 'x',
      ...change,
    });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('VALIDATION_ERROR');
  });

  it('refuses a missing, malformed or forged captcha with 400 CAPTCHA_INVALID', async () => {
    const solved = JSON.parse(Buffer.from(await solveCaptcha(server), 'base64').toString());
    solved.solution.derivedKey = '00'.repeat(32);
    for (const captcha_token of ['', 'not-base64-json', Buffer.from(JSON.stringify(solved)).toString('base64')]) {
      const response = await send(server, 'POST', '/api/signup/new', {
        ...signupForm({ email: 'bot@example.com' }),
        captcha_token,
      });
      expect(response.status).toBe(400);
      expect(response.body.error).toMatchObject({ code: 'CAPTCHA_INVALID', name: 'CaptchaInvalid' });
    }
    expect(
      await server.db.selectFrom('users').select('id').where('email_normalized', '=', 'bot@example.com').execute(),
    ).toEqual([]);
  });

  it('refuses a replayed captcha solution', async () => {
    const token = await solveCaptcha(server);
    expect((await signUp(server, { email: 'first@example.com' }, token)).status).toBe(200);
    const replay = await signUp(server, { email: 'second@example.com' }, token);
    expect(replay.status).toBe(400);
    expect(replay.body.error.code).toBe('CAPTCHA_INVALID');
  });

  it.each([
    ['zh-cn', '我们已向 lang-zh-cn@example.com 发送了一封确认邮件'],
    ['ja-jp', 'lang-ja-jp@example.com に確認メールを送信しました'],
    ['zh-hk', '我們已向 lang-zh-hk@example.com 發送確認電郵'],
    ['fi-fi', 'Lähetimme vahvistusviestin osoitteeseen lang-fi-fi@example.com'],
  ])('answers in the request language %s and stores it', async (language, expected) => {
    const email = `lang-${language}@example.com`;
    const response = await signUp(server, { email, language });
    expect(response.status).toBe(200);
    expect(response.body.message).toContain(expected);
    const row = await server.db
      .selectFrom('users')
      .select('language')
      .where('email_normalized', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.language).toBe(language);
    expect((await waitForMail(server, email)).language).toBe(language);
  });

  it('falls back to English for an unknown language and localises errors too', async () => {
    expect((await signUp(server, { email: 'klingon@example.com', language: 'tlh' })).body.message).toMatch(
      /^We have sent/,
    );
    const taken = await signUp(server, { email: 'ann@example.com', language: 'fi-fi' });
    expect(taken.body.message).toBe('Tämä sähköpostiosoite on jo rekisteröity.');
  });

  it('answers 409 for an email an operator created', async () => {
    await createUser(server, { email: 'operator-made@example.com' });
    expect((await signUp(server, { email: 'operator-made@example.com' })).status).toBe(409);
  });
});

describe('GET /api/config', () => {
  it('names the captcha provider', async () => {
    const { body } = await get(server, '/api/config');
    expect(body.data.captcha).toEqual({ provider: 'altcha', siteKey: null });
  });
});
