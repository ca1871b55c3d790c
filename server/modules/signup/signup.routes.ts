import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { resolveLocale } from '#server/i18n/texts.ts';
import { routeOf, type ZodTypeProvider } from '#server/lib/zod-type-provider.ts';
import { byEmail, byIp, limitBy } from '#server/plugins/rate-limit.plugin.ts';
import * as contract from '#shared-domain/contracts/signup.contract.ts';
import { toLocale } from '#shared-domain/locales.ts';
import { checkInvitation, invitedSignup, signup } from './signup.service.ts';
import { checkVerified, resendVerification, verifyEmail } from './verification.service.ts';

const HOUR_MS = 3_600_000;

function form(body: z.output<typeof contract.invitedSignup.body>) {
  return {
    email: body.email,
    password: body.password,
    friendlyName: body.friendly_name,
    acceptTerms: body.accept_terms,
    language: resolveLocale(body.language),
  };
}

// Limits run before the request is validated, so a flood of malformed requests is counted too.
export default async function signupRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config, db } = app;
  const limits = config.abuseLimits;
  const perEmail = (name: string) =>
    limitBy(app, { name: `${name}:email`, max: limits.perEmailPerHour, timeWindowMs: HOUR_MS, key: byEmail });
  // One limiter for both signup forms, so they share one budget per IP.
  const signupPerIp = limitBy(app, { name: 'signup:ip', max: limits.signupPerHour, timeWindowMs: HOUR_MS, key: byIp });

  app.route({
    ...routeOf(contract.signup),
    preValidation: [signupPerIp, perEmail('signup')],
    handler: async (request) => {
      const { body } = request;
      const result = await signup(db, config, {
        ...form(body),
        captchaToken: body.captcha_token,
        remoteIp: request.ip,
      });
      app.mailWorker.wake();
      return { success: true as const, message: result.message };
    },
  });

  app.route({
    ...routeOf(contract.invitedSignup),
    preValidation: [signupPerIp],
    handler: async (request) => {
      const result = await invitedSignup(db, {
        ...form(request.body),
        invitationToken: request.query.invitation_token,
      });
      return { success: true as const, message: result.message };
    },
  });

  app.route({
    ...routeOf(contract.invitationCheck),
    handler: async (request) => ({
      success: true as const,
      data: await checkInvitation(db, request.query.invitation_token),
    }),
  });

  app.route({
    ...routeOf(contract.verify),
    handler: async (request) => ({
      success: true as const,
      data: await verifyEmail(db, config, request.query.verification_token),
    }),
  });

  app.route({
    ...routeOf(contract.resend),
    preValidation: [
      limitBy(app, { name: 'resend:ip', max: limits.resendPerHour, timeWindowMs: HOUR_MS, key: byIp }),
      perEmail('resend'),
    ],
    handler: async (request) => {
      const { email, language } = request.query;
      const result = await resendVerification(db, config, { email, language: toLocale(language) });
      app.mailWorker.wake();
      return { success: true as const, message: result.message };
    },
  });

  // The answer tells whether an address has an account, as a login does; so it is limited like login, else it would be
  // the cheapest way to learn which addresses have one.
  app.route({
    ...routeOf(contract.verifiedCheck, { rateLimit: { max: config.rateLimitLoginPerMinute, timeWindow: 60_000 } }),
    handler: async (request) => ({ success: true as const, data: await checkVerified(db, request.query.username) }),
  });
}
