import type { FastifyInstance } from 'fastify';
import { resolveLocale } from '#server/i18n/texts.ts';
import { routeOf, type ZodTypeProvider } from '#server/lib/zod-type-provider.ts';
import { byEmail, byIp, limitBy } from '#server/plugins/rate-limit.plugin.ts';
import * as contract from '#shared-domain/contracts/password.contract.ts';
import { toLocale } from '#shared-domain/locales.ts';
import { changePassword, checkResetToken, requestPasswordReset } from './password.service.ts';

const HOUR_MS = 3_600_000;

export default async function passwordRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config, db } = app;
  const limits = config.abuseLimits;

  app.route({
    ...routeOf(contract.recover),
    // Before validation, as every limit: malformed requests count too.
    preValidation: [
      limitBy(app, { name: 'recover:ip', max: limits.recoverPerHour, timeWindowMs: HOUR_MS, key: byIp }),
      limitBy(app, { name: 'recover:email', max: limits.perEmailPerHour, timeWindowMs: HOUR_MS, key: byEmail }),
    ],
    handler: async (request) => {
      const { email, language } = request.query;
      const result = await requestPasswordReset(db, config, { email, language: toLocale(language) });
      app.mailWorker.wake();
      return { success: true as const, message: result.message };
    },
  });

  app.route({
    ...routeOf(contract.resetCheck),
    handler: async (request) => {
      await checkResetToken(db, request.query.reset_token);
      return { success: true as const };
    },
  });

  app.route({
    ...routeOf(contract.change),
    handler: async (request) => {
      const { body } = request;
      const result = await changePassword(db, {
        resetToken: request.query.reset_token,
        password: body.password,
        logout: body.logout,
        language: resolveLocale(body.language),
      });
      return { success: true as const, message: result.message };
    },
  });
}
