import OAuth2Server from '@node-oauth/oauth2-server';
import type { Db } from '#server/db/database.ts';
import { authenticateClient, type ClientRecord } from '../clients/clients.service.ts';

export interface ProtocolRequest {
  headers: Record<string, string | string[] | undefined>;
  body: Record<string, string>;
}

type BasicPair = { clientId: string; secret: string };

/**
 * client_secret_basic or client_secret_post (RFC 6749 §2.3.1) for the revocation and introspection endpoints; the
 * token endpoint gets the same from the library. Failures are the library's invalid_client, 401 when Basic was tried.
 */
export async function authenticateRequestClient(db: Db, request: ProtocolRequest): Promise<ClientRecord> {
  const basic = basicCredentialsOf(request);
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

/**
 * The Basic credentials of a protocol request, or null when it sent none, held to RFC 6749 §2.3: one authentication
 * method per request (a client_secret beside Basic is invalid_request, as is a body client_id naming another client:
 * either would leave the server guessing which client is asking), and a client that tried Basic hears 401 with a
 * challenge (§5.2) even when its header cannot be read, so it knows its credentials, not its request, are at fault.
 */
export function basicCredentialsOf(request: ProtocolRequest): BasicPair | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string' || !/^Basic(\s|$)/i.test(header)) return null;
  const basic = basicCredentials(header);
  if (!basic) {
    throw new OAuth2Server.InvalidClientError('Invalid client: the Basic credentials cannot be read', { code: 401 });
  }
  // An empty parameter counts as omitted (RFC 6749 §3.1).
  if (request.body.client_secret) {
    throw new OAuth2Server.InvalidRequestError(
      'Invalid request: client authentication by Basic and by client_secret at once',
    );
  }
  if (request.body.client_id && request.body.client_id !== basic.clientId) {
    throw new OAuth2Server.InvalidRequestError('Invalid request: `client_id` differs from the Basic credentials');
  }
  return basic;
}

function basicCredentials(header: string): BasicPair | null {
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
