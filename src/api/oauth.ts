import type { LoginSuccessBody } from '../../shared-domain/login.ts';
import { apiRequest } from './client.ts';

/** Login with Amazon's last step (spec §7); the server answers the redirect to follow, or 409 for a taken email. */
export function postLoginWithAmazon(input: { code: string; codeVerifier: string; returnTo: string | null }): Promise<LoginSuccessBody> {
  return apiRequest<LoginSuccessBody>('POST', 'loginwithamazon', {
    body: { code: input.code, code_verifier: input.codeVerifier, link_current_account_to_amazon: false, return_to: input.returnTo },
  });
}

/** One row of GET /api/authorized_apps (docs/api/oauth.md "Authorized applications"). */
export interface AuthorizedAppRow {
  client_id: string;
  application_name: string;
  consented_by: string[];
  /** Latest consent, epoch ms. */
  consented_at: number;
  /** Space-separated resource:permission, the union of what the account's users consented to. */
  allowed_scope: string;
  /** Whether this user may remove it: the owner any, a secondary user only what they consented to themselves. */
  removable: boolean;
  /** What removing it takes away: the application for everyone in the account, or this user's own consent. */
  removes: 'account' | 'own';
}

export async function getAuthorizedApps(): Promise<AuthorizedAppRow[]> {
  const body = await apiRequest<{ data: { authorized_apps: { array: AuthorizedAppRow[] } } }>('GET', 'authorized_apps');
  return body.data.authorized_apps.array;
}

/** Answers the application as the user now sees it: null once no one in the account has it any more. */
export async function putRevokeConsent(clientId: string): Promise<AuthorizedAppRow | null> {
  const body = await apiRequest<{ data: { authorized_app: AuthorizedAppRow | null } }>('PUT', 'consent/revoke', {
    body: { client_id: clientId },
  });
  return body.data.authorized_app;
}
