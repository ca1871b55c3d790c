/**
 * An authorization request waiting for the user's answer on the consent page. The page and its Accept name it by a
 * random handle, so what the user is shown and what is granted come from here, never from the page's query.
 */
export interface OAuthAuthorizationRequestsTable {
  /** SHA-256 hex of the handle: a leaked database names no request a browser could still answer. */
  handle_hash: string;
  /** Only this user may see or answer the request. */
  user_id: string;
  /** The client's credential id (oauth_clients.id), not its public client_id. */
  client_id: string;
  /** One of the client's registered URIs, checked when the request was made. */
  redirect_uri: string;
  /** Space-separated, already narrowed to the user's rights and the client's allowed scopes. */
  scope: string;
  state: string | null;
  code_challenge: string | null;
  code_challenge_method: string | null;
  /** The RFC 8707 resource granted, the tokens' `aud`; null (rows from before) means the default resource. */
  resource: string | null;
  /** Alexa Together's tracking id, kept with the consent once accepted. */
  tracking_id: string | null;
  created_at: number;
  expires_at: number;
  /** Set by Accept or Cancel: a request is answered once. */
  consumed_at: number | null;
}
