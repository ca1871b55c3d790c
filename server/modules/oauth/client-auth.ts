import OAuth2Server from '@node-oauth/oauth2-server';
import type { Db } from '#server/db/database.ts';
import { authenticateClient, type ClientRecord } from '../clients/clients.service.ts';

export interface ProtocolRequest {
  headers: Record<string, string | string[] | undefined>;
  body: Record<string, string>;
}

/**
 * client_secret_basic or client_secret_post (RFC 6749 §2.3.1) for the revocation and introspection endpoints; the
 * token endpoint gets the same from the library. Failures are the library's invalid_client, 401 when Basic was tried.
 */
export async function authenticateRequestClient(db: Db, request: ProtocolRequest): Promise<ClientRecord> {
  const basic = basicCredentials(request.headers.authorization);
  const credentials =
    basic ??
    (request.body.client_id && request.body.client_secret
      ? { clientId: request.body.client_id, secret: request.body.client_secret }
      : null);
  const client = credentials ? await authenticateClient(db, credentials.clientId, credentials.secret) : null;
  if (!client) {
    throw new OAuth2Server.InvalidClientError('Invalid client: client is invalid', { code: basic ? 401 : 400 });
  }
  return client;
}

export function basicCredentials(header: string | string[] | undefined): { clientId: string; secret: string } | null {
  if (typeof header !== 'string') return null;
  const match = /^Basic\s+([A-Za-z0-9+/=._~-]+)\s*$/i.exec(header);
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  try {
    // The id and secret are form-encoded before base64 (RFC 6749 §2.3.1).
    const clientId = decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, ' '));
    const secret = decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, ' '));
    return clientId && secret ? { clientId, secret } : null;
  } catch {
    return null;
  }
}
