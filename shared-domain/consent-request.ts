/**
 * The pending authorization request behind the consent and Alexa Together pages, as the server describes it
 * (GET /api/consent/request, docs/api/oauth.md). Everything the pages show of the application comes from here:
 * their query may name any application, and decides nothing. It lives here because both the API client, which reads
 * it off the wire, and the machines, which hold it, need it (architecture.md §4 rule 10).
 */
export interface ConsentRequestDetails {
  /** The registered client's name. */
  applicationName: string;
  /** The account holder who registered the client; empty if the server knows none. */
  ownerName: string;
  /**
   * The host of the redirect URI the answer goes back to; for an app on the user's device its loopback address or
   * private-use scheme.
   */
  redirectHost: string;
  /** The answer goes to an app on the user's device (RFC 8252), not to a web site. */
  native: boolean;
  /** Space-separated scopes, already within the user's rights and the client's. */
  scope: string;
  /** An alexa scope is asked: Accept goes through the Alexa Together page. */
  alexa: boolean;
}
