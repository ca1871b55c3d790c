import { afterEach, describe, expect, it } from 'vitest';
import { createUser, loginCookie, startTestServer, type TestServer, type TestServerEnv } from '../support/server.ts';
import { signupForm } from './helpers/account.ts';

// Small budgets, and client addresses from X-Forwarded-For so one test can speak for several clients.
let server: TestServer | undefined;
async function start(env: TestServerEnv): Promise<TestServer> {
  server = await startTestServer({ TRUST_PROXY: 'true', ...env });
  return server;
}
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function from(ip: string) {
  return { 'x-forwarded-for': ip, origin: server!.url, 'content-type': 'application/json' };
}
const recover = (email: string, ip = '10.0.0.1') =>
  fetch(`${server!.url}/api/password/recover?email=${encodeURIComponent(email)}&language=en-us`, { headers: from(ip) });
const resend = (email: string, ip = '10.0.0.1') =>
  fetch(`${server!.url}/api/signup/verify/resend?email=${encodeURIComponent(email)}&language=en-us`, {
    headers: from(ip),
  });
const signup = (email: string, ip = '10.0.0.1') =>
  fetch(`${server!.url}/api/signup/new`, {
    method: 'POST',
    headers: from(ip),
    body: JSON.stringify({ ...signupForm({ email }), captcha_token: 'unsolved' }),
  });

async function expectLimited(response: Response) {
  expect(response.status).toBe(429);
  expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(await response.json()).toMatchObject({
    success: false,
    error: { code: 'RATE_LIMITED', name: 'RateLimited', data: { retry_after_seconds: expect.any(Number) } },
  });
}

describe('password recovery', () => {
  it('is limited per email, whatever the address or case', async () => {
    await start({ RATE_LIMIT_PER_EMAIL_PER_HOUR: '2' });
    expect((await recover('target@example.com', '10.0.0.1')).status).toBe(401);
    expect((await recover('TARGET@example.com', '10.0.0.2')).status).toBe(401);
    await expectLimited(await recover('target@example.com', '10.0.0.3'));
    expect((await recover('other@example.com', '10.0.0.3')).status).toBe(401);
  });

  it('is limited per IP across emails', async () => {
    await start({ RATE_LIMIT_RECOVER_PER_HOUR: '3' });
    for (const n of [1, 2, 3]) expect((await recover(`e${n}@example.com`)).status).toBe(401);
    await expectLimited(await recover('e4@example.com'));
    expect((await recover('e4@example.com', '10.0.0.9')).status).toBe(401);
  });
});

describe('verification resend', () => {
  it('is limited per email and per IP', async () => {
    await start({ RATE_LIMIT_PER_EMAIL_PER_HOUR: '2', RATE_LIMIT_RESEND_PER_HOUR: '3' });
    expect((await resend('r@example.com')).status).toBe(401);
    expect((await resend('r@example.com', '10.0.0.2')).status).toBe(401);
    await expectLimited(await resend('r@example.com', '10.0.0.3'));
    expect((await resend('s@example.com')).status).toBe(401);
    expect((await resend('t@example.com')).status).toBe(401);
    await expectLimited(await resend('u@example.com'));
  });
});

describe('signup', () => {
  it('is limited per IP, across both signup forms, even for refused attempts', async () => {
    await start({ RATE_LIMIT_SIGNUP_PER_HOUR: '2' });
    expect((await signup('a@example.com')).status).toBe(400);
    const invited = await fetch(`${server!.url}/api/signup/invite?invitation_token=x`, {
      method: 'POST',
      headers: from('10.0.0.1'),
      body: JSON.stringify(signupForm({ email: 'b@example.com' })),
    });
    expect(invited.status).toBe(400);
    await expectLimited(await signup('c@example.com'));
    expect((await signup('c@example.com', '10.0.0.2')).status).toBe(400);
  });

  it('is limited per email', async () => {
    await start({ RATE_LIMIT_PER_EMAIL_PER_HOUR: '1' });
    expect((await signup('same@example.com', '10.0.0.1')).status).toBe(400);
    await expectLimited(await signup('same@example.com', '10.0.0.2'));
  });
});

describe('invitations', () => {
  // Any signed-up account owns its group, so without limits one account would mail any address without end (its own
  // name in the subject) and ask, without a captcha, which addresses have an account.
  const invite = (email: string, cookie: string) =>
    fetch(`${server!.url}/api/invitations`, {
      method: 'POST',
      headers: { ...from('10.0.0.1'), cookie },
      body: JSON.stringify({ email }),
    });

  it('are limited per email, across accounts', async () => {
    await start({ RATE_LIMIT_PER_EMAIL_PER_HOUR: '2' });
    const [first, second] = await ownerCookies(['o1@example.com', 'o2@example.com']);
    expect((await invite('target@example.com', first!)).status).toBe(200);
    expect((await invite('TARGET@example.com', second!)).status).toBe(200);
    await expectLimited(await invite('target@example.com', second!));
    expect((await invite('other@example.com', second!)).status).toBe(200);
    expect(await server!.db.selectFrom('mail_outbox').select('id').execute()).toHaveLength(3);
  });

  it('are limited per account, across emails and refusals', async () => {
    await start({ RATE_LIMIT_INVITE_PER_HOUR: '3' });
    const [first, second] = await ownerCookies(['o1@example.com', 'o2@example.com']);
    expect((await invite('a@example.com', first!)).status).toBe(200);
    expect((await invite('o2@example.com', first!)).status).toBe(409);
    expect((await invite('b@example.com', first!)).status).toBe(200);
    await expectLimited(await invite('c@example.com', first!));
    await expectLimited(await invite('o2@example.com', first!));
    expect((await invite('c@example.com', second!)).status).toBe(200);
  });
});

async function ownerCookies(emails: string[]): Promise<string[]> {
  const cookies: string[] = [];
  for (const email of emails) {
    await createUser(server!, { email, owner: true });
    cookies.push(await loginCookie(server!, email));
  }
  return cookies;
}

describe('the verified check', () => {
  it('is limited per IP like login, since it tells whether an address has an account', async () => {
    await start({ RATE_LIMIT_LOGIN_PER_MINUTE: '2' });
    const check = (email: string, ip = '10.0.0.1') =>
      fetch(`${server!.url}/api/signup/verify/check?username=${encodeURIComponent(email)}`, { headers: from(ip) });
    expect((await check('a@example.com')).status).toBe(401);
    expect((await check('b@example.com')).status).toBe(401);
    await expectLimited(await check('c@example.com'));
    expect((await check('c@example.com', '10.0.0.2')).status).toBe(401);
  });
});

describe('per-IP limits and IPv6', () => {
  // One subscriber gets a whole /64 (often a /56 or /48): counting each address apart would give them 2^64 budgets.
  it('count a /64 as one client, for login and for recovery alike', async () => {
    await start({ RATE_LIMIT_LOGIN_PER_MINUTE: '2', RATE_LIMIT_RECOVER_PER_HOUR: '2' });
    const attempt = (ip: string) =>
      fetch(`${server!.url}/api/login`, {
        method: 'POST',
        headers: from(ip),
        body: JSON.stringify({ username: 'nobody@example.com', password: 'Wrong123456' }),
      });
    expect((await attempt('2001:db8:1:2::1')).status).toBe(401);
    expect((await attempt('2001:db8:1:2:aaaa::2')).status).toBe(401);
    await expectLimited(await attempt('2001:db8:1:2:ffff:ffff:ffff:3'));
    expect((await attempt('2001:db8:1:3::1')).status).toBe(401);

    expect((await recover('e1@example.com', '2001:db8:1:2::1')).status).toBe(401);
    expect((await recover('e2@example.com', '2001:db8:1:2::2')).status).toBe(401);
    await expectLimited(await recover('e3@example.com', '2001:db8:1:2::3'));
    expect((await recover('e3@example.com', '2001:db8:9::1')).status).toBe(401);
  });

  it('count IPv4 clients apart when a dual-stack listener writes them as IPv6', async () => {
    await start({ RATE_LIMIT_RECOVER_PER_HOUR: '2' });
    expect((await recover('e1@example.com', '::ffff:10.0.0.5')).status).toBe(401);
    expect((await recover('e2@example.com', '::ffff:10.0.0.5')).status).toBe(401);
    await expectLimited(await recover('e3@example.com', '::ffff:10.0.0.5'));
    expect((await recover('e3@example.com', '::ffff:10.0.0.6')).status).toBe(401);
  });
});
