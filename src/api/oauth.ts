import type { ConsentRequestDetails } from '#shared-domain/consent-request.ts';
import type {
  AuthorizedApp,
  AuthorizedAppsAnswer,
  ConsentRequestAnswer,
  LoginWithAmazonRequest,
  RevokeConsentAnswer,
} from '#shared-domain/contracts/consent.contract.ts';
import type { LoginSuccessBody } from '#shared-domain/login.ts';
import { apiRequest } from './client.ts';

// Types from the route contracts (shared-domain/contracts/), imported as types only: the SPA never loads zod.

/**
 * Login with Amazon's last step (product.md §7); the server answers the redirect to follow, or 409 for a taken email.
 */
export function postLoginWithAmazon(input: {
  code: string;
  codeVerifier: string;
  returnTo: string | null;
}): Promise<LoginSuccessBody> {
  const body: LoginWithAmazonRequest = {
    code: input.code,
    code_verifier: input.codeVerifier,
    link_current_account_to_amazon: false,
    return_to: input.returnTo,
  };
  return apiRequest<LoginSuccessBody>('POST', 'loginwithamazon', { body });
}

/** One row of GET /api/authorized_apps (docs/api/oauth.md "Authorized applications"). */
export type AuthorizedAppRow = AuthorizedApp;

export async function getAuthorizedApps(): Promise<AuthorizedAppRow[]> {
  const body = await apiRequest<AuthorizedAppsAnswer>('GET', 'authorized_apps');
  return body.data.authorized_apps.array;
}

/** Answers the application as the user now sees it: null once no one in the account has it any more. */
export async function putRevokeConsent(clientId: string): Promise<AuthorizedAppRow | null> {
  const body = await apiRequest<RevokeConsentAnswer>('PUT', 'consent/revoke', {
    body: { client_id: clientId },
  });
  return body.data.authorized_app;
}

/** GET /api/consent/request (docs/api/oauth.md): the pending authorization request the consent pages show. */
export type ConsentRequestBody = ConsentRequestAnswer;

/**
 * Asks the server what the page's handle names. The page's client_id, redirect_uri and scope go along so that a query
 * naming something else than the stored request is refused, rather than shown beside the real one.
 */
export async function getConsentRequest(search: string): Promise<ConsentRequestDetails> {
  const query = new URLSearchParams(search);
  const { data } = await apiRequest<ConsentRequestBody>('GET', 'consent/request', {
    query: {
      request: query.get('request'),
      client_id: query.get('client_id'),
      redirect_uri: query.get('redirect_uri'),
      scope: query.get('scope'),
    },
  });
  return toConsentRequestDetails(data);
}

/** The wire's description of a pending request (GET /api/consent/request, or sent with the page) as the machines hold it. */
export function toConsentRequestDetails(data: ConsentRequestBody['data']): ConsentRequestDetails {
  return {
    applicationName: data.application_name,
    ownerName: data.owner_name,
    redirectHost: data.redirect_host,
    native: data.native === true,
    scope: data.scope,
    alexa: data.alexa,
  };
}

/** The request the server sent with the page, if it sent one (src/lib/page-data.ts). */
export function sentConsentRequest(data: unknown): ConsentRequestDetails | null {
  const wire = data as Partial<ConsentRequestBody['data']> | null;
  return wire && typeof wire.application_name === 'string' && typeof wire.scope === 'string'
    ? toConsentRequestDetails(wire as ConsentRequestBody['data'])
    : null;
}
