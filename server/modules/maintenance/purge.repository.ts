import type { Db } from '#server/db/database.ts';
import { deleteFinishedAlerts } from '../alerts/alerts.repository.ts';
import { deleteExpiredRefreshGrace } from '../oauth/refresh-grace.repository.ts';
import { deleteExpiredRevocations } from '../oauth/revoked-access-tokens.repository.ts';

/** How long finished rows stay after they stop mattering: enough to answer "what happened yesterday", no more. */
export const RETENTION_MS = 24 * 3_600_000;
/** Delivered mail keeps its envelope (to, subject, kind, sent_at) this long for support questions; the body is gone. */
export const SENT_MAIL_RETENTION_MS = 30 * 24 * 3_600_000;
/**
 * Forwarded alerts, their deliveries and attempts stay this long once every delivery has ended: the delivery log's
 * history, redelivery from the page, and the idempotency keys a retried hand-in is recognised by.
 */
export const ALERT_RETENTION_MS = 30 * 24 * 3_600_000;

export interface PurgeCounts {
  sessions: number;
  oauthTokens: number;
  accountTokens: number;
  sentMail: number;
  authorizationRequests: number;
  refreshGrace: number;
  revokedAccessTokens: number;
  alerts: number;
}

/**
 * Deletes rows that can no longer be used by anyone: sessions, OAuth tokens and account tokens past their expiry or
 * revoked/used more than a day ago (used verification tokens excepted, see below), an access token's revocation a day
 * after the token expired, delivered mail after 30 days, and forwarded alerts 30 days old whose deliveries have all
 * ended.
 * Logins, token use and links already refuse such rows, so this only keeps the tables (and the IP addresses in
 * sessions) from growing forever. Each statement is idempotent, so several instances purging at once is harmless.
 */
export async function purgeFinishedRows(db: Db, now: number): Promise<PurgeCounts> {
  const before = now - RETENTION_MS;
  const sessions = await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expires_at', '<', before), eb('revoked_at', '<', before)]))
    .executeTakeFirst();
  // A family is judged by its newest issuance, so a rotated-away refresh token stays as long as its family could
  // still present it (reuse detection), and goes with the family.
  const oauthTokens = await db
    .deleteFrom('oauth_tokens')
    .where('access_expires_at', '<', before)
    .where((eb) => eb.or([eb('refresh_expires_at', 'is', null), eb('refresh_expires_at', '<', before)]))
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('oauth_tokens as newer')
            .select('newer.id')
            .whereRef('newer.family_id', '=', 'oauth_tokens.family_id')
            .where((inner) =>
              inner.or([
                inner('newer.access_expires_at', '>=', before),
                inner('newer.refresh_expires_at', '>=', before),
              ]),
            ),
        ),
      ),
    )
    .executeTakeFirst();
  // A used verification token stays while its account exists (the foreign key removes it with the account): a
  // reopened activation link then still answers "already active" instead of "invalid". One row per verified account.
  const accountTokens = await db
    .deleteFrom('account_tokens')
    .where((eb) => eb.or([eb('expires_at', '<', before), eb('used_at', '<', before), eb('voided_at', '<', before)]))
    .where((eb) => eb.or([eb('kind', '!=', 'verification'), eb('used_at', 'is', null)]))
    .executeTakeFirst();
  const sentMail = await db
    .deleteFrom('mail_outbox')
    .where('sent_at', '<', now - SENT_MAIL_RETENTION_MS)
    .executeTakeFirst();
  // A consent request nobody answered within its ten minutes, or one already answered, is never read again.
  const authorizationRequests = await db
    .deleteFrom('oauth_authorization_requests')
    .where((eb) => eb.or([eb('expires_at', '<', now), eb('consumed_at', 'is not', null)]))
    .executeTakeFirst();
  // A kept refresh answer is useless after its few seconds of grace, and it should not outlive them by much.
  const refreshGrace = await deleteExpiredRefreshGrace(db, now);
  // A revoked token that has expired is refused by its own `exp`; the day's margin covers instances' clocks.
  const revokedAccessTokens = await deleteExpiredRevocations(db, before);
  const alerts = await deleteFinishedAlerts(db, now - ALERT_RETENTION_MS);
  return {
    sessions: Number(sessions.numDeletedRows),
    oauthTokens: Number(oauthTokens.numDeletedRows),
    accountTokens: Number(accountTokens.numDeletedRows),
    sentMail: Number(sentMail.numDeletedRows),
    authorizationRequests: Number(authorizationRequests.numDeletedRows),
    refreshGrace,
    revokedAccessTokens,
    alerts,
  };
}
