/** What a user has allowed a client, remembered so the consent page is shown again only for new scopes. */
export interface OAuthConsentsTable {
  id: string;
  user_id: string;
  client_id: string;
  /** Space-separated union of every scope the user accepted for this client. */
  scope: string;
  /** Alexa Together's tracking id, when the consent came through /pages/alexatogether. */
  tracking_id: string | null;
  created_at: number;
  updated_at: number;
}
