/**
 * An OAuth client, which the portal calls a credential (product.md §3 "Client credential"). One store serves the
 * developer credentials pages and the authorization server, so a secret rotated on one side stops working on the other
 * at once.
 */
export interface OAuthClientsTable {
  /** The "credential id" shown in the table and used by DELETE client_credentials/{id}. */
  id: string;
  /** Random public handle of the credential in alert-forwarding URLs, so they never expose the client_id. */
  client_uid: string;
  client_id: string;
  /** SHA-256 hex of the 32-byte secret (architecture.md §5); the secret itself is shown once and never stored. */
  secret_hash: string;
  group_id: string;
  created_by: string | null;
  application_name: string;
  /** Lower-cased application name, null for the 'Not Found' default; unique across accounts. */
  application_name_key: string | null;
  grant_type: string;
  /** JSON array of absolute http(s) URLs; null for client_credentials. */
  redirect_uris: string | null;
  /** Space-separated scopes this client may ever be granted. */
  scope: string;
  created_at: number;
  last_used_at: number | null;
  secret_rotated_at: number | null;
}
