import { createHmac } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { sessionKey, signSessionToken, verifySessionToken } from '#server/modules/sessions/session-token.ts';

const key = sessionKey('a-session-secret-of-at-least-32-chars!');
const payload = { sid: 'b2f6c3c4-3a9e-4f55-9d1c-0d7c8d6c2a11', user: { apiAccess: true, isGroupOwner: false } };
const now = Date.UTC(2026, 10, 22, 12, 0, 0);
const inAnHour = now + 3_600_000;

describe('session token (HS256 JWT)', () => {
  it('round-trips the session id and the public claims', () => {
    expect(verifySessionToken(key, signSessionToken(key, payload, inAnHour, now), now)).toEqual(payload);
  });

  it('is a standard JWT: jose verifies ours and we verify jose’s', async () => {
    const ours = signSessionToken(key, payload, inAnHour, now);
    const { payload: decoded, protectedHeader } = await jwtVerify(ours, key, {
      algorithms: ['HS256'],
      currentDate: new Date(now),
    });
    expect(protectedHeader).toEqual({ alg: 'HS256' });
    expect(decoded).toEqual({ ...payload, iat: now / 1000, exp: inAnHour / 1000 });

    const theirs = await new SignJWT({ ...payload })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime(inAnHour / 1000)
      .sign(key);
    expect(verifySessionToken(key, theirs, now)).toEqual(payload);
  });

  it('refuses an expired token', () => {
    const token = signSessionToken(key, payload, inAnHour, now);
    expect(verifySessionToken(key, token, inAnHour - 1)).toEqual(payload);
    expect(verifySessionToken(key, token, inAnHour)).toBeNull();
  });

  it('refuses another key, a changed body, a cut signature and alg none', () => {
    const token = signSessionToken(key, payload, inAnHour, now);
    const [header, body, mac] = token.split('.');
    const forgedBody = Buffer.from(JSON.stringify({ ...payload, sid: 'someone-else', exp: inAnHour / 1000 })).toString(
      'base64url',
    );
    const none = Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url');
    expect(verifySessionToken(sessionKey('another-secret-of-at-least-32-chars!!'), token, now)).toBeNull();
    expect(verifySessionToken(key, `${header}.${forgedBody}.${mac}`, now)).toBeNull();
    expect(verifySessionToken(key, `${header}.${body}.${mac.slice(0, -2)}`, now)).toBeNull();
    expect(verifySessionToken(key, `${none}.${body}.`, now)).toBeNull();
    expect(verifySessionToken(key, 'not-a-jwt', now)).toBeNull();
  });

  it('refuses a correctly signed token without a session id or expiry', () => {
    const header = Buffer.from(JSON.stringify({ alg: 'HS256' })).toString('base64url');
    for (const claims of [
      { user: payload.user, exp: inAnHour / 1000 },
      { sid: payload.sid, user: payload.user },
    ]) {
      const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
      const mac = createHmac('sha256', key).update(`${header}.${body}`).digest('base64url');
      expect(verifySessionToken(key, `${header}.${body}.${mac}`, now)).toBeNull();
    }
  });
});
