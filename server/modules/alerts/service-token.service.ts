import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/database.ts';
import { appError } from '#server/errors.ts';
import { findClient } from '../clients/clients.service.ts';
import { activeAccessToken, findAccessToken } from '../oauth/access-tokens.ts';

/** The service client a valid token names (oauth_clients.id). */
export interface ServiceCaller {
  clientId: string;
}

// RFC 6750 §2.1: the b64token grammar.
const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*)$/i;

/**
 * An access token for a call of the product's own services (RFC 6750): one this portal signed, for the portal's own
 * API (`aud`, RFC 8707), active as introspection would judge it (access-tokens.ts: not revoked, unexpired, its client
 * still there and its secret unchanged since; read on every call, so this holds at once on every instance), carrying
 * `scope`, and issued to a client whose registered scope holds it: only an operator makes such a client (npm run
 * admin -- create-service-client), since no credential made on the portal may hold `internal`. InvalidAccessToken
 * for anything that is not such a token, InsufficientScope for a good token without the scope.
 */
export async function verifyServiceToken(
  db: Db,
  config: Pick<Config, 'oauth'>,
  authorization: string | undefined,
  scope: string,
  now = Date.now(),
): Promise<ServiceCaller> {
  const token = BEARER.exec(authorization?.trim() ?? '')?.[1];
  if (!token) throw appError('InvalidAccessToken');
  const found = await findAccessToken(db, config, token);
  const audiences = Array.isArray(found?.claims.aud) ? found.claims.aud : [found?.claims.aud];
  if (!found || !audiences.includes(config.oauth.defaultResource)) throw appError('InvalidAccessToken');
  const client = await findClient(db, found.claims.client_id);
  const active = client ? await activeAccessToken(db, config, found, client, now) : null;
  if (!client || !active) throw appError('InvalidAccessToken');
  if (!active.scope.split(' ').includes(scope)) throw appError('InsufficientScope');
  if (!client.scope.split(' ').includes(scope)) throw appError('InsufficientScope');
  return { clientId: client.id };
}
