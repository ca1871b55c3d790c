import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import { redactUrl } from './lib/log-url.ts';
import { setPasswordHashNice } from './lib/password.ts';
import { serializerCompiler, validatorCompiler } from './lib/zod-type-provider.ts';
import alertForwardingRoutes from './modules/alert-forwarding/alert-forwarding.routes.ts';
import deliveryLogRoutes from './modules/alert-forwarding/delivery-log.routes.ts';
import alertsRoutes from './modules/alerts/alerts.routes.ts';
import type { Resolve } from './modules/alerts/webhook-sender.ts';
import amazonRoutes from './modules/amazon/amazon.routes.ts';
import apiDocsRoutes from './modules/api-docs/api-docs.routes.ts';
import authRoutes from './modules/auth/auth.routes.ts';
import captchaRoutes from './modules/captcha/captcha.routes.ts';
import clientsRoutes from './modules/clients/clients.routes.ts';
import consentRoutes from './modules/consent/consent.routes.ts';
import consentRequestRoutes from './modules/consent/consent-request.routes.ts';
import invitationRoutes from './modules/invitations/invitations.routes.ts';
import metricsRoutes from './modules/metrics/metrics.routes.ts';
import oauthRoutes from './modules/oauth/oauth.routes.ts';
import oauthProtocolRoutes from './modules/oauth/oauth-protocol.routes.ts';
import passwordRoutes from './modules/password/password.routes.ts';
import deviceSessionsRoutes from './modules/sessions/device-sessions.routes.ts';
import signupRoutes from './modules/signup/signup.routes.ts';
import siteRoutes from './modules/site/site.routes.ts';
import alertDeliveryPlugin from './plugins/alert-delivery.plugin.ts';
import dbPlugin from './plugins/db.plugin.ts';
import errorsPlugin, { sendError } from './plugins/errors.plugin.ts';
import gracefulShutdownPlugin from './plugins/graceful-shutdown.plugin.ts';
import jsonBodyPlugin from './plugins/json-body.plugin.ts';
import mailWorkerPlugin from './plugins/mail-worker.plugin.ts';
import maintenancePlugin from './plugins/maintenance.plugin.ts';
import metricsPlugin from './plugins/metrics.plugin.ts';
import rateLimitPlugin from './plugins/rate-limit.plugin.ts';
import requestIdPlugin, { requestIdOf } from './plugins/request-id.plugin.ts';
import routeContractsPlugin from './plugins/route-contracts.plugin.ts';
import sameOriginPlugin from './plugins/same-origin.plugin.ts';
import securityHeadersPlugin from './plugins/security-headers.plugin.ts';
import sessionPlugin from './plugins/session.plugin.ts';
import staticSpaPlugin from './plugins/static-spa.plugin.ts';

// Every request body we accept is a small JSON form; anything larger is a mistake or an attack.
const BODY_LIMIT = 16 * 1024;

// Above the longest path parameter any contract takes (ids of 200 characters), so the contract judges its own limit
// (a ValidationError) rather than the router answering 404 or 414 for a value the contract calls valid.
const MAX_PARAM_LENGTH = 256;

// A hop count becomes the equivalent function, the form fastify's types accept.
function trustProxyOption(value: Config['trustProxy']) {
  return typeof value === 'number' ? (_address: string, hop: number) => hop < value : value;
}

export interface AppOptions {
  /** Where the JSON log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /** Where the alert worker resolves webhook host names (tests: a resolver that never asks a name server). */
  resolveWebhookHost?: Resolve;
}

export async function buildApp(config: Config, options: AppOptions = {}): Promise<FastifyInstance> {
  // Process-wide, like the hash threads themselves: the last app built in a process sets it (tests build several).
  setPasswordHashNice(config.passwordHashNice);
  const app = Fastify({
    bodyLimit: BODY_LIMIT,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors: sendError,
    trustProxy: trustProxyOption(config.trustProxy),
    // Every log line of a request carries its id as `reqId` (a child logger per request).
    genReqId: requestIdOf,
    logger: {
      level: config.logLevel,
      ...(options.logStream ? { stream: options.logStream } : {}),
      redact: {
        paths: [
          'req.headers.cookie',
          'req.headers.authorization',
          'res.headers["set-cookie"]',
          'body.password',
          'req.body.password',
          'body.captcha_token',
          '*.password',
          '*.password_hash',
          '*.passwordHash',
        ],
        censor: '[redacted]',
      },
      serializers: {
        // Fastify's usual request fields, with tokens in the query string masked (verification and reset links).
        req: (request) => ({
          method: request.method,
          url: redactUrl(request.url),
          host: request.host,
          remoteAddress: request.ip,
          remotePort: request.socket?.remotePort,
        }),
      },
    },
  });
  // Every route's schemas are its contract's zod schemas (shared-domain/contracts/).
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Only JSON bodies: a text/plain POST is how a cross-site form smuggles a "simple" request past CORS.
  app.removeContentTypeParser('text/plain');

  await app.register(dbPlugin, { config });
  await app.register(requestIdPlugin);
  await app.register(metricsPlugin);
  await app.register(errorsPlugin);
  await app.register(gracefulShutdownPlugin);
  await app.register(jsonBodyPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(sessionPlugin);
  await app.register(rateLimitPlugin);
  await app.register(sameOriginPlugin);
  await app.register(mailWorkerPlugin);
  await app.register(alertDeliveryPlugin, { resolve: options.resolveWebhookHost });
  await app.register(maintenancePlugin);
  // Before any route: it records each route's contract for the OpenAPI document.
  await app.register(routeContractsPlugin);

  await app.register(authRoutes);
  await app.register(signupRoutes);
  await app.register(passwordRoutes);
  await app.register(invitationRoutes);
  await app.register(captchaRoutes);
  await app.register(siteRoutes);
  await app.register(oauthRoutes);
  await app.register(oauthProtocolRoutes);
  await app.register(consentRoutes);
  await app.register(consentRequestRoutes);
  await app.register(amazonRoutes);
  await app.register(clientsRoutes);
  await app.register(alertForwardingRoutes);
  await app.register(deliveryLogRoutes);
  await app.register(alertsRoutes);
  await app.register(deviceSessionsRoutes);
  await app.register(apiDocsRoutes);
  await app.register(metricsRoutes);

  await app.register(staticSpaPlugin);
  return app;
}
