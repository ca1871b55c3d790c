import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  purgeFinishedRows,
  RETENTION_MS,
  SENT_MAIL_RETENTION_MS,
} from '#server/modules/maintenance/purge.repository.ts';
import type { UserRecord } from '#server/modules/users/users.repository.ts';
import { createUser, startTestServer, type TestServer } from '../support/server.ts';

// Runs on SQLite and, with DATABASE_URL, on PostgreSQL. `now` is passed in, so nothing here waits for time to pass.
const DAY = 24 * 3_600_000;
const now = Date.UTC(2026, 10, 22, 12);
const old = now - RETENTION_MS - 1;
const recent = now - RETENTION_MS + 60_000;

let server: TestServer;
let user: UserRecord;
beforeAll(async () => {
  server = await startTestServer({ PURGE_INTERVAL_MINUTES: '10080' });
  user = await createUser(server, { email: 'ann@example.com' });
  await server.db
    .insertInto('oauth_clients')
    .values({
      id: 'client-1',
      client_uid: 'uid-1',
      client_id: 'cid-1',
      secret_hash: 'x',
      group_id: user.groupId,
      created_by: user.id,
      application_name: 'App',
      application_name_key: 'app',
      grant_type: 'authorization_code',
      redirect_uris: null,
      scope: 'skeleton:read',
      created_at: now - 90 * DAY,
      last_used_at: null,
      secret_rotated_at: null,
    })
    .execute();
});
afterAll(() => server.close());

function session(id: string, expiresAt: number, revokedAt: number | null = null) {
  return {
    id,
    user_id: user.id,
    created_at: now - 40 * DAY,
    last_active_at: now - 40 * DAY,
    login_ip: '203.0.113.9',
    login_country_code: 'FI',
    last_ip: '203.0.113.9',
    last_country_code: 'FI',
    device_description: 'Firefox on Linux',
    short_lived: 0,
    expires_at: expiresAt,
    revoked_at: revokedAt,
  };
}

function token(id: string, family: string, accessExpiresAt: number, refreshExpiresAt: number | null) {
  return {
    id,
    access_jti: `jti-${id}`,
    access_expires_at: accessExpiresAt,
    refresh_hash: refreshExpiresAt ? `hash-${id}` : null,
    refresh_expires_at: refreshExpiresAt,
    refresh_used_at: null,
    family_id: family,
    client_id: 'client-1',
    user_id: user.id,
    group_id: user.groupId,
    scope: 'skeleton:read',
    created_at: now - 60 * DAY,
    revoked_at: null,
  };
}

const ids = async (table: 'sessions' | 'oauth_tokens' | 'account_tokens' | 'mail_outbox') =>
  (await server.db.selectFrom(table).select('id').execute()).map((r) => r.id).sort();

describe('purge of finished rows', () => {
  it('removes sessions expired or revoked more than a day ago and keeps the rest', async () => {
    await server.db.deleteFrom('sessions').execute();
    await server.db
      .insertInto('sessions')
      .values([
        session('expired-long-ago', old),
        session('expired-recently', recent),
        session('live', now + DAY),
        session('revoked-long-ago', now + DAY, old),
        session('revoked-recently', now + DAY, recent),
      ])
      .execute();
    const counts = await purgeFinishedRows(server.db, now);
    expect(counts.sessions).toBe(2);
    expect(await ids('sessions')).toEqual(['expired-recently', 'live', 'revoked-recently']);
  });

  it('removes an OAuth token family only when every issuance in it has expired', async () => {
    await server.db
      .insertInto('oauth_tokens')
      .values([
        token('cc-old', 'f-cc', old, null), // client_credentials: access token only
        token('rotated-away', 'f-live', old, old), // older issuance of a family that is still usable
        token('current', 'f-live', old, now + DAY),
        token('dead-1', 'f-dead', old, old),
        token('dead-2', 'f-dead', old - DAY, old),
        token('fresh', 'f-fresh', now + 60_000, now + 30 * DAY),
      ])
      .execute();
    await purgeFinishedRows(server.db, now);
    expect(await ids('oauth_tokens')).toEqual(['current', 'fresh', 'rotated-away']);
  });

  it('removes a revoked access token’s entry once the token has expired, and keeps it while it could be used', async () => {
    const revoked = (jti: string, expiresAt: number) => ({
      jti,
      client_id: 'client-1',
      expires_at: expiresAt,
      revoked_at: now - 2 * DAY,
    });
    await server.db
      .insertInto('oauth_revoked_access_tokens')
      .values([revoked('expired-long-ago', old), revoked('expired-recently', recent), revoked('live', now + 60_000)])
      .execute();
    const counts = await purgeFinishedRows(server.db, now);
    expect(counts.revokedAccessTokens).toBe(1);
    const left = await server.db.selectFrom('oauth_revoked_access_tokens').select('jti').orderBy('jti').execute();
    expect(left.map((r) => r.jti)).toEqual(['expired-recently', 'live']);
  });

  it('removes account tokens that expired, were used or were voided more than a day ago', async () => {
    const base = {
      kind: 'reset',
      user_id: user.id,
      group_id: null,
      email_normalized: 'ann@example.com',
      created_at: now - 2 * DAY,
      created_by: null,
    };
    await server.db
      .insertInto('account_tokens')
      .values([
        { ...base, id: 'expired', token_hash: 'h1', expires_at: old, used_at: null, voided_at: null },
        { ...base, id: 'used', token_hash: 'h2', expires_at: now + DAY, used_at: old, voided_at: null },
        { ...base, id: 'voided', token_hash: 'h3', expires_at: now + DAY, used_at: null, voided_at: old },
        { ...base, id: 'pending', token_hash: 'h4', expires_at: now + DAY, used_at: null, voided_at: null },
        { ...base, id: 'used-recently', token_hash: 'h5', expires_at: now + DAY, used_at: recent, voided_at: null },
      ])
      .execute();
    await purgeFinishedRows(server.db, now);
    expect(await ids('account_tokens')).toEqual(['pending', 'used-recently']);
  });

  it('keeps a used verification token (it goes with its account), so the reopened link can say the account is active', async () => {
    await server.db.deleteFrom('account_tokens').execute();
    const base = {
      kind: 'verification',
      group_id: null,
      created_at: now - 400 * DAY,
      created_by: null,
      expires_at: now - 399 * DAY,
    };
    await server.db
      .insertInto('account_tokens')
      .values([
        {
          ...base,
          id: 'verification-used',
          user_id: user.id,
          email_normalized: 'ann@example.com',
          token_hash: 'v1',
          used_at: now - 399 * DAY,
          voided_at: null,
        },
        {
          ...base,
          id: 'verification-voided',
          user_id: user.id,
          email_normalized: 'ann@example.com',
          token_hash: 'v2',
          used_at: null,
          voided_at: old,
        },
        {
          ...base,
          id: 'verification-expired',
          user_id: user.id,
          email_normalized: 'ann@example.com',
          token_hash: 'v3',
          used_at: null,
          voided_at: null,
        },
        {
          ...base,
          kind: 'invitation',
          id: 'invitation-used',
          user_id: null,
          email_normalized: 'sam@example.com',
          token_hash: 'v5',
          used_at: old,
          voided_at: null,
        },
      ])
      .execute();
    expect((await purgeFinishedRows(server.db, now)).accountTokens).toBe(3);
    expect(await ids('account_tokens')).toEqual(['verification-used']);
  });

  it('removes consent requests once expired or answered, and keeps the pending ones', async () => {
    const base = {
      user_id: user.id,
      client_id: 'client-1',
      redirect_uri: 'https://client.example/cb',
      scope: 'skeleton:read',
      state: null,
      code_challenge: null,
      code_challenge_method: null,
      tracking_id: null,
      created_at: now - 20 * 60_000,
    };
    await server.db
      .insertInto('oauth_authorization_requests')
      .values([
        { ...base, handle_hash: 'expired', expires_at: now - 1, consumed_at: null },
        { ...base, handle_hash: 'answered', expires_at: now + 60_000, consumed_at: now - 60_000 },
        { ...base, handle_hash: 'pending', expires_at: now + 60_000, consumed_at: null },
      ])
      .execute();
    expect((await purgeFinishedRows(server.db, now)).authorizationRequests).toBe(2);
    const left = await server.db.selectFrom('oauth_authorization_requests').select('handle_hash').execute();
    expect(left.map((r) => r.handle_hash)).toEqual(['pending']);
  });

  it('removes delivered mail after 30 days and never undelivered mail', async () => {
    await server.db.deleteFrom('mail_outbox').execute();
    const base = {
      to_address: 'ann@example.com',
      subject: 's',
      html: '',
      text: '',
      kind: 'reset',
      language: 'en-us',
      link: null,
      attempts: 0,
      claimed_until: null,
      last_error: null,
    };
    await server.db
      .insertInto('mail_outbox')
      .values([
        {
          ...base,
          id: 'sent-long-ago',
          created_at: now - 40 * DAY,
          next_attempt_at: now - 40 * DAY,
          sent_at: now - SENT_MAIL_RETENTION_MS - 1,
        },
        {
          ...base,
          id: 'sent-last-week',
          created_at: now - 7 * DAY,
          next_attempt_at: now - 7 * DAY,
          sent_at: now - 7 * DAY,
        },
        { ...base, id: 'never-delivered', created_at: now - 40 * DAY, next_attempt_at: now + 60_000, sent_at: null },
      ])
      .execute();
    await purgeFinishedRows(server.db, now);
    expect(await ids('mail_outbox')).toEqual(['never-delivered', 'sent-last-week']);
  });
});
