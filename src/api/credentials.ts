import type { CreateGrantPayload, Credential, CredentialsOverview, GrantSecret } from '../../shared-domain/credentials.ts';
import { apiRequest } from './client.ts';

type CredentialsBody = { success: true; data: { clients: { array: Credential[] } } & Omit<CredentialsOverview, 'clients'> };

/** The developer credentials calls (docs/api/credentials.md). */
export async function getCredentials(): Promise<CredentialsOverview> {
  const { data } = await apiRequest<CredentialsBody>('GET', 'credentials');
  return { clients: data.clients.array, limits: data.limits, endpoints: data.endpoints };
}

export async function postClientGrant(payload: CreateGrantPayload): Promise<GrantSecret> {
  return (await apiRequest<{ success: true; data: GrantSecret }>('POST', 'client_grant', { body: payload })).data;
}

/** A new secret for the client; the old one stops working at once. */
export async function putClientGrant(clientId: string): Promise<GrantSecret> {
  return (await apiRequest<{ success: true; data: GrantSecret }>('PUT', 'client_grant', { body: { client_id: clientId } })).data;
}

export async function deleteClientCredentials(id: string): Promise<void> {
  await apiRequest<{ success: true }>('DELETE', `client_credentials/${encodeURIComponent(id)}`);
}
