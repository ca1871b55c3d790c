import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { EMAIL_MAX_LENGTH } from '../../../shared-domain/account.ts';
import { toLocale } from '../../../shared-domain/locales.ts';
import { resolveLocale } from '../../i18n/texts.ts';
import { parse } from '../../lib/parse.ts';
import { byEmail, byIp, limitBy } from '../../plugins/rate-limit.plugin.ts';
import { changePassword, checkResetToken, requestPasswordReset } from './password.service.ts';

const HOUR_MS = 3_600_000;

// Not strict: the recovery page carries its own query parameters (return_to and the like) along, and they are ignored.
const recoverQuery = z.object({ email: z.string().max(EMAIL_MAX_LENGTH).default(''), language: z.string().max(16).optional() });
const tokenQuery = z.object({ reset_token: z.string().max(512).default('') }).strict();
const changeBody = z
  .object({
    password: z.string().max(1024).default(''),
    logout: z.boolean().default(false),
    language: z.string().max(16).optional(),
  })
  .strict();

export default async function passwordRoutes(app: FastifyInstance): Promise<void> {
  const { config, db } = app;
  const limits = config.abuseLimits;

  app.get('/api/password/recover', {
    preHandler: [
      limitBy(app, { name: 'recover:ip', max: limits.recoverPerHour, timeWindowMs: HOUR_MS, key: byIp }),
      limitBy(app, { name: 'recover:email', max: limits.perEmailPerHour, timeWindowMs: HOUR_MS, key: byEmail }),
    ],
    handler: async (request) => {
      const query = parse(recoverQuery, request.query);
      const result = await requestPasswordReset(db, config, { email: query.email, language: toLocale(query.language) });
      app.mailWorker.wake();
      return { success: true, message: result.message };
    },
  });

  app.get('/api/password/change/check', async (request) => {
    const query = parse(tokenQuery, request.query);
    await checkResetToken(db, query.reset_token);
    return { success: true };
  });

  app.patch('/api/password/change', async (request) => {
    const query = parse(tokenQuery, request.query);
    const body = parse(changeBody, request.body);
    const result = await changePassword(db, {
      resetToken: query.reset_token,
      password: body.password,
      logout: body.logout,
      language: resolveLocale(body.language),
    });
    return { success: true, message: result.message };
  });
}
