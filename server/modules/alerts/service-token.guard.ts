import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '#server/errors.ts';
import { ALERT_INGEST_SCOPE } from '#shared-domain/alert-delivery.ts';
import { type ServiceCaller, verifyServiceToken } from './service-token.service.ts';

const callers = new WeakMap<FastifyRequest, ServiceCaller>();

/**
 * preValidation of the internal alert ingestion: a service client's access token with the ingestion scope. Refusals
 * carry RFC 6750's WWW-Authenticate challenge beside the portal's error body.
 */
export async function requireIngestToken(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  try {
    callers.set(
      request,
      await verifyServiceToken(
        request.server.db,
        request.server.config,
        request.headers.authorization,
        ALERT_INGEST_SCOPE,
      ),
    );
  } catch (err) {
    if (err instanceof AppError && err.name === 'InvalidAccessToken') {
      const presented = request.headers.authorization !== undefined;
      reply.header('www-authenticate', `Bearer realm="portal"${presented ? ', error="invalid_token"' : ''}`);
    } else if (err instanceof AppError && err.name === 'InsufficientScope') {
      reply.header(
        'www-authenticate',
        `Bearer realm="portal", error="insufficient_scope", scope="${ALERT_INGEST_SCOPE}"`,
      );
    }
    throw err;
  }
}

/** The caller requireIngestToken let in. */
export function serviceCallerOf(request: FastifyRequest): ServiceCaller {
  const caller = callers.get(request);
  if (!caller) throw new Error('serviceCallerOf: the route is not guarded by requireIngestToken');
  return caller;
}
