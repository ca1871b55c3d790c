import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/database.ts';
import { appError } from '#server/errors.ts';
import { findClientById } from '../clients/clients.repository.ts';
import { signingKeyOf, verifyAccessToken } from '../oauth/signing-key.ts';
import { findTokenByJti } from '../oauth/tokens.repository.ts';

/** The service client a valid token names (oauth_clients.id). */
export interface ServiceCaller {
  clientId: string;
}

// RFC 6750 §2.1: the b64token grammar.
const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*)$/i;

/**
 * An access token for a call of the product's own services (RFC 6750): one this portal signed, for the portal's own
 * API (`aud`, RFC 8707), not revoked (its row is read, so a revocation holds at once on every instance), carrying
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
  const key = await signingKeyOf(config.oauth.signingKeyPem);
  const claims = await verifyAccessToken(key, config.oauth.issuer, token);
  const audiences = Array.isArray(claims?.aud) ? claims.aud : [claims?.aud];
  if (!claims || !audiences.includes(config.oauth.defaultResource)) throw appError('InvalidAccessToken');
  const row = await findTokenByJti(db, claims.jti);
  if (!row || row.revokedAt !== null || row.accessExpiresAt <= now) throw appError('InvalidAccessToken');
  if (!row.scope.split(' ').includes(scope)) throw appError('InsufficientScope');
  const client = await findClientById(db, row.clientId);
  if (!client) throw appError('InvalidAccessToken');
  if (!client.scope.split(' ').includes(scope)) throw appError('InsufficientScope');
  return { clientId: client.id };
}
