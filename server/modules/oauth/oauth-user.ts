/**
 * Who a grant acts for, as the OAuth library carries it between model calls. `id` is null for client_credentials
 * (the client acts for its own account); `familyId` travels from a refresh token to the tokens that replace it.
 */
export interface OAuthUser {
  id: string | null;
  groupId: string;
  isOwner: boolean;
  familyId?: string;
  /**
   * The RFC 8707 resource of the grant: from the authorization request to its code, from a code or refresh token to
   * the tokens issued for it, from the token request for client_credentials. It becomes the access token's `aud`.
   */
  resource?: string;
  /** The code was issued to a native app's redirect URI (loopback or private-use scheme, RFC 8252). */
  native?: boolean;
}

/** The library's view of one of our clients: `id` is the credential id, `clientId` the public identifier. */
export interface OAuthClient {
  id: string;
  clientId: string;
  groupId: string;
  grantType: string;
  grants: string[];
  redirectUris: string[];
  /** Scopes the client may ever hold. */
  scopes: string[];
  /** When it last got a token (epoch ms), as read with it; null before its first. */
  lastUsedAt: number | null;
  /** When its secret last changed (epoch ms), as read with it: no token it gets may be stamped earlier. */
  secretRotatedAt: number | null;
  /** The token request proved the client secret (false: a PKCE redemption, or a refresh of such a grant). */
  authenticated?: boolean;
}
