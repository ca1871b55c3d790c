import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { UserRecord } from '#server/modules/users/users.repository.ts';
import { CLAIMS_COOKIE, SESSION_COOKIE } from '#shared-domain/login.ts';
import {
  cookieHeader,
  createUser,
  DEFAULT_TEST_PASSWORD,
  sameOrigin,
  startTestServer,
  type TestServer,
} from '../support/server.ts';

const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

let server: TestServer;
let owner: UserRecord;
let member: UserRecord;

beforeAll(async () => {
  // Behind a proxy (the CDN), which says each client's country.
  server = await startTestServer({ TRUST_PROXY: 'true' });
  owner = await createUser(server, { email: 'olivia@example.com', name: 'Olivia Owner', owner: true });
  member = await createUser(server, {
    email: 'max@example.com',
    name: 'Max Member',
    groupOfEmail: 'olivia@example.com',
  });
  await createUser(server, { email: 'oscar@example.com', name: 'Oscar Outsider', owner: true });
});
afterAll(() => server.close());
// Each test starts from an account without live sessions, so counts and lists are its own.
afterEach(async () => {
  await server.db.updateTable('sessions').set({ revoked_at: Date.now() }).where('revoked_at', 'is', null).execute();
});

interface Device {
  cookie: string;
  sid: string;
}

/** A login from a "device": its own user agent and country, as a browser behind the CDN would send them. */
async function login(email: string, userAgent: string, country: string): Promise<Device> {
  const response = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: server.url,
      'user-agent': userAgent,
      'x-country-code': country,
    },
    body: JSON.stringify({ username: email, password: DEFAULT_TEST_PASSWORD }),
  });
  expect(response.status).toBe(200);
  const cookie = cookieHeader(response);
  const token = cookie
    .split('; ')
    .find((c) => c.startsWith(`${SESSION_COOKIE}=`))!
    .split('=')[1]!;
  const sid = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')).sid as string;
  return { cookie, sid };
}

function list(device: Device, query = '') {
  return fetch(`${server.url}/api/deviceSessions${query}`, { headers: { cookie: device.cookie } });
}

async function listIds(device: Device): Promise<string[]> {
  const response = await list(device);
  expect(response.status).toBe(200);
  const body = await response.json();
  return body.data.device_sessions.map((s: { id: string }) => s.id).sort();
}

function revoke(device: Device, id: string, init: RequestInit = {}) {
  return fetch(`${server.url}/api/deviceSessions/revoke/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    headers: sameOrigin(server, { cookie: device.cookie }),
    ...init,
  });
}

function revokeAll(device: Device, init: RequestInit = {}) {
  return fetch(`${server.url}/api/deviceSessions/revoke/all`, {
    method: 'DELETE',
    headers: sameOrigin(server, { cookie: device.cookie }),
    ...init,
  });
}

async function stillLoggedIn(device: Device): Promise<boolean> {
  const response = await list(device);
  if (response.status === 401) {
    expect((await response.json()).error.code).toBe('NO_SESSION');
    // The stale cookies go with the 401, so the SPA stops believing in a session.
    const cleared = response.headers.getSetCookie();
    expect(cleared.some((c) => c.startsWith(`${SESSION_COOKIE}=;`))).toBe(true);
    expect(cleared.some((c) => c.startsWith(`${CLAIMS_COOKIE}=;`))).toBe(true);
    return false;
  }
  expect(response.status).toBe(200);
  return true;
}

const sorted = (...devices: Device[]) => devices.map((d) => d.sid).sort();

describe('GET /api/deviceSessions', () => {
  it('shows the owner every live session of the account with its users, and a member only their own', async () => {
    const before = Date.now();
    const ownerLaptop = await login('olivia@example.com', CHROME_LINUX, 'FI');
    const ownerPhone = await login('olivia@example.com', SAFARI_IPHONE, 'SE');
    const memberPc = await login('max@example.com', FIREFOX_WINDOWS, 'DE');
    const outsiderPc = await login('oscar@example.com', CHROME_LINUX, 'US');
    // Ended sessions are not devices any more: one logged out, one expired.
    const loggedOut = await login('max@example.com', CHROME_LINUX, 'DE');
    expect((await fetch(`${server.url}/api/logout`, { headers: { cookie: loggedOut.cookie } })).status).toBe(200);
    const expired = await login('olivia@example.com', CHROME_LINUX, 'FI');
    await server.db
      .updateTable('sessions')
      .set({ expires_at: Date.now() - 1 })
      .where('id', '=', expired.sid)
      .execute();

    const response = await list(ownerLaptop);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = await response.json();
    expect(body.success).toBe(true);
    expect(body.data.users).toEqual([
      { id: owner.id, friendly_name: 'Olivia Owner', owner: true },
      { id: member.id, friendly_name: 'Max Member', owner: false },
    ]);
    const byId = Object.fromEntries(body.data.device_sessions.map((s: { id: string }) => [s.id, s]));
    expect(Object.keys(byId).sort()).toEqual(sorted(ownerLaptop, ownerPhone, memberPc));
    expect(byId[ownerLaptop.sid]).toEqual({
      id: ownerLaptop.sid,
      user_id: owner.id,
      login_ip: '127.0.0.1',
      login_country_code: 'FI',
      last_ip: '127.0.0.1',
      last_country_code: 'FI',
      login_time: expect.any(Number),
      device_description: 'Chrome on Linux',
      access_token_expires: expect.any(Number),
      last_active: expect.any(Number),
      current: true,
    });
    expect(byId[ownerLaptop.sid].login_time).toBeGreaterThanOrEqual(before);
    expect(byId[ownerLaptop.sid].access_token_expires).toBeGreaterThan(Date.now());
    expect(byId[ownerPhone.sid]).toMatchObject({
      user_id: owner.id,
      device_description: 'Safari on iOS',
      login_country_code: 'SE',
      current: false,
    });
    expect(byId[memberPc.sid]).toMatchObject({
      user_id: member.id,
      device_description: 'Firefox on Windows',
      current: false,
    });

    const memberBody = await (await list(memberPc)).json();
    expect(memberBody.data.users).toEqual([{ id: member.id, friendly_name: 'Max Member', owner: false }]);
    expect(memberBody.data.device_sessions.map((s: { id: string; current: boolean }) => [s.id, s.current])).toEqual([
      [memberPc.sid, true],
    ]);

    expect(await listIds(outsiderPc)).toEqual([outsiderPc.sid]);
  });

  it('lists by last activity, the caller first as of this request, and again so within the minute it is not written', async () => {
    const laptop = await login('olivia@example.com', CHROME_LINUX, 'FI');
    const phone = await login('olivia@example.com', SAFARI_IPHONE, 'SE');
    const memberPc = await login('max@example.com', FIREFOX_WINDOWS, 'DE');
    const minutesAgo = (minutes: number) => Date.now() - minutes * 60_000;
    for (const [device, at] of [
      [laptop, minutesAgo(5)],
      [phone, minutesAgo(2)],
      [memberPc, minutesAgo(3)],
    ] as const) {
      await server.db.updateTable('sessions').set({ last_active_at: at }).where('id', '=', device.sid).execute();
    }
    const fromNorway = () =>
      fetch(`${server.url}/api/deviceSessions`, { headers: { cookie: laptop.cookie, 'x-country-code': 'NO' } });

    const before = Date.now();
    // The laptop was idle five minutes: this request writes its last activity, and the list shows it.
    const first = (await (await fromNorway()).json()).data.device_sessions;
    expect(first.map((s: { id: string }) => s.id)).toEqual([laptop.sid, phone.sid, memberPc.sid]);
    expect(first[0]).toMatchObject({ current: true, last_country_code: 'NO' });
    expect(first[0].last_active).toBeGreaterThanOrEqual(before);
    expect(first[1].last_active).toBeLessThan(before);

    // Within the minute nothing is written, and the list read with the session row says the same.
    const second = (await (await fromNorway()).json()).data.device_sessions;
    expect(second).toEqual(first);
  });

  it('needs a session', async () => {
    const response = await fetch(`${server.url}/api/deviceSessions`);
    expect(response.status).toBe(401);
    expect((await response.json()).error.code).toBe('NO_SESSION');
  });
});

describe('DELETE /api/deviceSessions/revoke/{id}', () => {
  it('lets the owner revoke a member session: that cookie is refused from its next request on', async () => {
    const ownerLaptop = await login('olivia@example.com', CHROME_LINUX, 'FI');
    const memberPc = await login('max@example.com', FIREFOX_WINDOWS, 'DE');
    const memberPhone = await login('max@example.com', SAFARI_IPHONE, 'DE');

    const response = await revoke(ownerLaptop, memberPc.sid);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true });
    expect(await stillLoggedIn(memberPc)).toBe(false);
    expect(await stillLoggedIn(memberPhone)).toBe(true);
    expect(await listIds(ownerLaptop)).toEqual(sorted(ownerLaptop, memberPhone));

    // Revoked already: nothing live to revoke.
    const again = await revoke(ownerLaptop, memberPc.sid);
    expect(again.status).toBe(404);
  });

  it("lets a member revoke their own other session, never the owner's or another account's", async () => {
    const ownerLaptop = await login('olivia@example.com', CHROME_LINUX, 'FI');
    const memberPc = await login('max@example.com', FIREFOX_WINDOWS, 'DE');
    const memberPhone = await login('max@example.com', SAFARI_IPHONE, 'DE');
    const outsiderPc = await login('oscar@example.com', CHROME_LINUX, 'US');

    for (const foreign of [ownerLaptop, outsiderPc]) {
      const refused = await revoke(memberPc, foreign.sid);
      expect(refused.status).toBe(404);
      expect(await refused.json()).toMatchObject({
        success: false,
        error: { code: 'NOT_FOUND', name: 'SessionNotFound' },
      });
      expect(await stillLoggedIn(foreign)).toBe(true);
    }
    // The owner cannot reach into another account either.
    expect((await revoke(ownerLaptop, outsiderPc.sid)).status).toBe(404);
    expect(await stillLoggedIn(outsiderPc)).toBe(true);

    expect((await revoke(memberPc, memberPhone.sid)).status).toBe(200);
    expect(await stillLoggedIn(memberPhone)).toBe(false);
    expect(await stillLoggedIn(memberPc)).toBe(true);
  });

  it('revoking the session that asks is a logout: its cookies are cleared at once', async () => {
    const memberPc = await login('max@example.com', FIREFOX_WINDOWS, 'DE');
    const response = await revoke(memberPc, memberPc.sid);
    expect(response.status).toBe(200);
    const cleared = response.headers.getSetCookie();
    expect(cleared.some((c) => c.startsWith(`${SESSION_COOKIE}=;`))).toBe(true);
    expect(cleared.some((c) => c.startsWith(`${CLAIMS_COOKIE}=;`))).toBe(true);
    expect(await stillLoggedIn(memberPc)).toBe(false);
  });
});

describe('DELETE /api/deviceSessions/revoke/all', () => {
  it("ends every other session the owner sees, keeps the caller's, and leaves other accounts alone", async () => {
    const ownerLaptop = await login('olivia@example.com', CHROME_LINUX, 'FI');
    const ownerPhone = await login('olivia@example.com', SAFARI_IPHONE, 'FI');
    const memberPc = await login('max@example.com', FIREFOX_WINDOWS, 'DE');
    const outsiderPc = await login('oscar@example.com', CHROME_LINUX, 'US');

    const response = await revokeAll(ownerLaptop);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, data: { revoked: 2 } });
    expect(await stillLoggedIn(ownerPhone)).toBe(false);
    expect(await stillLoggedIn(memberPc)).toBe(false);
    expect(await stillLoggedIn(outsiderPc)).toBe(true);
    expect(await listIds(ownerLaptop)).toEqual([ownerLaptop.sid]);

    expect(await (await revokeAll(ownerLaptop)).json()).toEqual({ success: true, data: { revoked: 0 } });
  });

  it("ends only a member's own other sessions", async () => {
    const ownerLaptop = await login('olivia@example.com', CHROME_LINUX, 'FI');
    const memberPc = await login('max@example.com', FIREFOX_WINDOWS, 'DE');
    const memberPhone = await login('max@example.com', SAFARI_IPHONE, 'DE');

    expect(await (await revokeAll(memberPc)).json()).toEqual({ success: true, data: { revoked: 1 } });
    expect(await stillLoggedIn(memberPhone)).toBe(false);
    expect(await stillLoggedIn(memberPc)).toBe(true);
    expect(await stillLoggedIn(ownerLaptop)).toBe(true);
  });
});

describe('bad input', () => {
  let device: Device;
  beforeEach(async () => {
    device = await login('olivia@example.com', CHROME_LINUX, 'FI');
  });

  it.each([
    ['an unknown query parameter on the list', () => list(device, '?user_id=x')],
    [
      'an unknown query parameter on revoke all',
      () =>
        fetch(`${server.url}/api/deviceSessions/revoke/all?force=1`, {
          method: 'DELETE',
          headers: sameOrigin(server, { cookie: device.cookie }),
        }),
    ],
    ['a body with fields on revoke all', () => revokeAll(device, { body: JSON.stringify({ include_current: true }) })],
    ['a body with fields on revoke', () => revoke(device, 'some-id', { body: JSON.stringify({ id: 'other' }) })],
    ['a JSON array as the body', () => revoke(device, 'some-id', { body: '[]' })],
  ])('answers 400 VALIDATION_ERROR for %s', async (_label, send) => {
    const response = await send();
    expect(response.status).toBe(400);
    expect((await response.json()).error.code).toBe('VALIDATION_ERROR');
    expect(await stillLoggedIn(device)).toBe(true);
  });

  it('answers 400 for malformed JSON or an over-long id, 404 for an unknown id, 401 without a session', async () => {
    const malformed = await revoke(device, 'some-id', { body: '{' });
    expect(malformed.status).toBe(400);
    // One past the contract's limit: the contract's own refusal, as for any other field.
    const overLong = await revoke(device, 'x'.repeat(101));
    expect(overLong.status).toBe(400);
    expect((await overLong.json()).error.name).toBe('ValidationError');
    const unknown = await revoke(device, crypto.randomUUID());
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error.code).toBe('NOT_FOUND');
    const anonymous = await fetch(`${server.url}/api/deviceSessions/revoke/all`, {
      method: 'DELETE',
      headers: sameOrigin(server),
    });
    expect(anonymous.status).toBe(401);
  });

  it('accepts an empty object as well as no body', async () => {
    expect((await revokeAll(device, { body: '{}' })).status).toBe(200);
    expect((await revokeAll(device)).status).toBe(200);
  });

  it('refuses a cross-origin revocation', async () => {
    const other = await login('olivia@example.com', SAFARI_IPHONE, 'FI');
    const response = await fetch(`${server.url}/api/deviceSessions/revoke/${other.sid}`, {
      method: 'DELETE',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example', cookie: device.cookie },
    });
    expect(response.status).toBe(403);
    expect(await stillLoggedIn(other)).toBe(true);
  });
});
