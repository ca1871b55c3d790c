import OAuth2Server from '@node-oauth/oauth2-server';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from '#server/db/errors.ts';
import { AppError } from '#server/errors.ts';
import { routeOf, type ZodTypeProvider } from '#server/lib/zod-type-provider.ts';
import { DATABASE_RETRY_AFTER_SECONDS } from '#server/plugins/errors.plugin.ts';
import { byIp, limitBy } from '#server/plugins/rate-limit.plugin.ts';
import * as contract from '#shared-domain/contracts/oauth.contract.ts';
import type { ProtocolRequest } from './client-auth.ts';
import { isOAuthError } from './oauth-server.ts';
import { invalidTarget, ONE_RESOURCE } from './resource-indicators.ts';
import { exchangeToken, introspectToken, revokeToken } from './token.service.ts';

const FORM = 'application/x-www-form-urlencoded';

/**
 * The server-to-server half of the authorization server: token, revocation and introspection. Registered as its own
 * encapsulated plugin, so the form body parser and the RFC 6749 §5.2 error format apply to these routes only; every
 * other route keeps JSON-only bodies and the portal's error body.
 */
export default async function oauthProtocolRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config, db } = app;

  // OAuth clients send forms (RFC 6749 §4.1.3), and a parameter may appear only once (§3.2).
  app.addContentTypeParser(FORM, { parseAs: 'string' }, (_request, body, done) => {
    const fields: Record<string, string> = {};
    for (const [name, value] of new URLSearchParams(body as string)) {
      if (Object.hasOwn(fields, name)) {
        // RFC 8707 lets a client name several resources; this server issues a token for one, so that is the target's fault.
        if (name === 'resource') return done(invalidTarget(ONE_RESOURCE), undefined);
        done(new OAuth2Server.InvalidRequestError(`Invalid request: \`${name}\` is repeated`), undefined);
        return;
      }
      fields[name] = value;
    }
    done(null, fields);
  });

  // One handler for this scope: the protocol's error body, which OAuth client libraries parse, instead of the portal's.
  app.setErrorHandler((err: FastifyError | Error, request, reply) => {
    const { status, error, description } = protocolError(err);
    if (status === 503) request.log.warn({ err }, 'oauth request refused: the database is unavailable');
    else if (status >= 500)
      request.log.error({ err: (err as { inner?: unknown }).inner ?? err }, 'oauth request failed');
    if (status === 401) reply.header('www-authenticate', 'Basic realm="oauth"');
    if (status === 503) reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
    return reply
      .status(status)
      .header('cache-control', 'no-store')
      .header('pragma', 'no-cache')
      .send({ error, error_description: description });
  });

  // One budget per IP for the three endpoints, so a flood cannot move from one to the next.
  // The contracts document the form fields; the library judges them (RFC 6749 §5.2), so no request schema applies.
  const limited = {
    preValidation: limitBy(app, {
      name: 'oauth-protocol:ip',
      max: config.oauth.protocolRateLimitPerMinute,
      timeWindowMs: 60_000,
      key: byIp,
    }),
  };

  app.route({
    ...routeOf(contract.token),
    ...limited,
    handler: async (request, reply) => {
      const result = await exchangeToken(db, config, protocolRequest(request, false));
      reply.headers(result.headers);
      return result.body as { access_token: string; token_type: string; expires_in: number };
    },
  });

  app.route({
    ...routeOf(contract.revoke),
    ...limited,
    handler: async (request, reply) => {
      await revokeToken(db, config, protocolRequest(request, true));
      // RFC 7009 §2.2 leaves the body open; JSON `{}` is what client libraries that parse every answer can read.
      return reply.header('cache-control', 'no-store').send({});
    },
  });

  app.route({
    ...routeOf(contract.introspect),
    ...limited,
    handler: async (request, reply) => {
      const answer = await introspectToken(db, config, protocolRequest(request, true));
      reply.header('cache-control', 'no-store');
      return answer;
    },
  });
}

/** The token endpoint lets the library judge the content type (it answers invalid_request); the others do it here. */
function protocolRequest(request: FastifyRequest, requireForm: boolean): ProtocolRequest {
  const isForm = (request.headers['content-type'] ?? '').toLowerCase().startsWith(FORM);
  if (requireForm && !isForm) throw new OAuth2Server.InvalidRequestError(`Invalid request: content must be ${FORM}`);
  const body = request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
  const strings = Object.fromEntries(
    Object.entries(body).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
  return { headers: request.headers, body: strings };
}

function protocolError(err: FastifyError | Error): { status: number; error: string; description: string } {
  if (isOAuthError(err) && err.code < 500) return { status: err.code, error: err.name, description: err.message };
  // RFC 6749 has no code for "too many requests"; temporarily_unavailable is the one client libraries treat as "try
  // again later", and Retry-After (set by the limiter) says when.
  if (err instanceof AppError && err.status === 429) {
    const seconds = Number(err.data?.retry_after_seconds ?? 60);
    return {
      status: 429,
      error: 'temporarily_unavailable',
      description: `Too many requests; retry after ${seconds} seconds`,
    };
  }
  if (err instanceof AppError && err.status < 500)
    return { status: err.status, error: 'invalid_request', description: err.message };
  // The database is away: the same request may be sent again once Retry-After has passed.
  if (isDatabaseUnavailable(err)) {
    return { status: 503, error: 'temporarily_unavailable', description: 'Service temporarily unavailable' };
  }
  const status = (err as FastifyError).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return { status, error: 'invalid_request', description: 'Malformed request' };
  }
  return { status: 500, error: 'server_error', description: 'Internal server error' };
}
