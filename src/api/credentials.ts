import type { CreateGrantPayload, Credential, GrantSecret } from '../../shared-domain/credentials.ts';
import { apiRequest } from './client.ts';

/** Spec §7: the developer credentials calls (issue 5). */
export async function getCredentials(): Promise<Credential[]> {
  const body = await apiRequest<{ success: true; data: { clients: { array: Credential[] } } }>('GET', 'credentials');
  return body.data.clients.array;
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
