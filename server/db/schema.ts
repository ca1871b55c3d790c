import type { AlertForwardingConfigsTable } from '../modules/alert-forwarding/alert-forwarding.table.ts';
import type { AlertDeliveriesTable, AlertDeliveryAttemptsTable, AlertsTable } from '../modules/alerts/alerts.table.ts';
import type { CaptchaUsedTable } from '../modules/captcha/captcha.table.ts';
import type { OAuthClientsTable } from '../modules/clients/clients.table.ts';
import type { OAuthConsentsTable } from '../modules/consent/consents.table.ts';
import type { MailOutboxTable } from '../modules/mail/mail.table.ts';
import type { OAuthAuthorizationCodesTable } from '../modules/oauth/authorization-codes.table.ts';
import type { OAuthAuthorizationRequestsTable } from '../modules/oauth/authorization-requests.table.ts';
import type { OAuthRefreshGraceTable } from '../modules/oauth/refresh-grace.table.ts';
import type { OAuthRevokedAccessTokensTable } from '../modules/oauth/revoked-access-tokens.table.ts';
import type { OAuthTokensTable } from '../modules/oauth/tokens.table.ts';
import type { SessionsTable } from '../modules/sessions/sessions.table.ts';
import type { AccountTokensTable } from '../modules/tokens/tokens.table.ts';
import type { GroupsTable } from '../modules/users/groups.table.ts';
import type { UsersTable } from '../modules/users/users.table.ts';

/**
 * The Kysely view of the database. Columns are portable types only, so migrations run unchanged on SQLite and
 * PostgreSQL: text ids, epoch-ms bigints read back as numbers, booleans as 0/1 integers that repositories turn into booleans.
 */
export interface Database {
  groups: GroupsTable;
  users: UsersTable;
  sessions: SessionsTable;
  account_tokens: AccountTokensTable;
  mail_outbox: MailOutboxTable;
  captcha_used: CaptchaUsedTable;
  oauth_clients: OAuthClientsTable;
  oauth_authorization_codes: OAuthAuthorizationCodesTable;
  oauth_authorization_requests: OAuthAuthorizationRequestsTable;
  oauth_tokens: OAuthTokensTable;
  oauth_refresh_grace: OAuthRefreshGraceTable;
  oauth_revoked_access_tokens: OAuthRevokedAccessTokensTable;
  oauth_consents: OAuthConsentsTable;
  alert_forwarding_configs: AlertForwardingConfigsTable;
  alerts: AlertsTable;
  alert_deliveries: AlertDeliveriesTable;
  alert_delivery_attempts: AlertDeliveryAttemptsTable;
}
