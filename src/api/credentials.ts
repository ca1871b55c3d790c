import type { CredentialsAnswer, GrantSecretAnswer } from '#shared-domain/contracts/clients.contract.ts';
import type { CreateGrantPayload, CredentialsOverview, GrantSecret } from '#shared-domain/credentials.ts';
import { apiRequest } from './client.ts';

/** The developer credentials calls (docs/api/credentials.md). */
export async function getCredentials(): Promise<CredentialsOverview> {
  const { data } = await apiRequest<CredentialsAnswer>('GET', 'credentials');
  return { clients: data.clients.array, limits: data.limits, endpoints: data.endpoints };
}

export async function postClientGrant(payload: CreateGrantPayload): Promise<GrantSecret> {
  return (await apiRequest<GrantSecretAnswer>('POST', 'client_grant', { body: payload })).data;
}

/** A new secret for the client; the old one stops working at once. */
export async function putClientGrant(clientId: string): Promise<GrantSecret> {
  return (await apiRequest<GrantSecretAnswer>('PUT', 'client_grant', { body: { client_id: clientId } })).data;
}

export async function deleteClientCredentials(id: string): Promise<void> {
  await apiRequest<{ success: true }>('DELETE', `client_credentials/${encodeURIComponent(id)}`);
}
