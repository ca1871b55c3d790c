import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from '../../../shared-domain/account.ts';
import { toLocale } from '../../../shared-domain/locales.ts';
import { resolveLocale } from '../../i18n/texts.ts';
import { parse } from '../../lib/parse.ts';
import { byEmail, byIp, limitBy } from '../../plugins/rate-limit.plugin.ts';
import { checkInvitation, invitedSignup, signup } from './signup.service.ts';
import { checkVerified, resendVerification, verifyEmail } from './verification.service.ts';

const HOUR_MS = 3_600_000;

// Missing fields default to empty so the shared rules answer with the spec's codes (MISSING_EMAIL, ...); lengths only
// bound the work a request can cause, the rules themselves live in shared-domain.
const formFields = {
  email: z.string().max(EMAIL_MAX_LENGTH).default(''),
  password: z.string().max(1024).default(''),
  friendly_name: z.string().max(NAME_MAX_LENGTH).default(''),
  accept_terms: z.boolean().default(false),
  language: z.string().max(16).optional(),
};
const signupBody = z.object({ ...formFields, captcha_token: z.string().max(16_384).default('') }).strict();
const invitedBody = z.object(formFields).strict();
const token = z.string().max(512).default('');
const invitedQuery = z.object({ invitation_token: token }).strict();
const verifyQuery = z.object({ verification_token: token }).strict();
const resendQuery = z.object({ email: z.string().max(EMAIL_MAX_LENGTH).default(''), language: z.string().max(16).optional() }).strict();
// The verify-needed page asks with the address it then resends to: one limit for both, so it can say which.
const checkQuery = z.object({ username: z.string().max(EMAIL_MAX_LENGTH).default('') }).strict();

function form(body: z.output<typeof invitedBody>) {
  return {
    email: body.email,
    password: body.password,
    friendlyName: body.friendly_name,
    acceptTerms: body.accept_terms,
    language: resolveLocale(body.language),
  };
}

export default async function signupRoutes(app: FastifyInstance): Promise<void> {
  const { config, db } = app;
  const limits = config.abuseLimits;
  const perEmail = (name: string) =>
    limitBy(app, { name: `${name}:email`, max: limits.perEmailPerHour, timeWindowMs: HOUR_MS, key: byEmail });
  // One limiter for both signup forms, so they share one budget per IP.
  const signupPerIp = limitBy(app, { name: 'signup:ip', max: limits.signupPerHour, timeWindowMs: HOUR_MS, key: byIp });

  app.post('/api/signup/new', {
    preHandler: [signupPerIp, perEmail('signup')],
    handler: async (request) => {
      const body = parse(signupBody, request.body);
      const result = await signup(db, config, { ...form(body), captchaToken: body.captcha_token, remoteIp: request.ip });
      app.mailWorker.wake();
      return { success: true, message: result.message };
    },
  });

  app.post('/api/signup/invite', {
    preHandler: [signupPerIp],
    handler: async (request) => {
      const query = parse(invitedQuery, request.query);
      const body = parse(invitedBody, request.body);
      const result = await invitedSignup(db, { ...form(body), invitationToken: query.invitation_token });
      return { success: true, message: result.message };
    },
  });

  app.get('/api/signup/invite/check', async (request) => {
    const query = parse(invitedQuery, request.query);
    return { success: true, data: await checkInvitation(db, query.invitation_token) };
  });

  app.get('/api/signup/verify', async (request) => {
    const query = parse(verifyQuery, request.query);
    return { success: true, data: await verifyEmail(db, config, query.verification_token) };
  });

  app.get('/api/signup/verify/resend', {
    preHandler: [
      limitBy(app, { name: 'resend:ip', max: limits.resendPerHour, timeWindowMs: HOUR_MS, key: byIp }),
      perEmail('resend'),
    ],
    handler: async (request) => {
      const query = parse(resendQuery, request.query);
      const result = await resendVerification(db, config, { email: query.email, language: toLocale(query.language) });
      app.mailWorker.wake();
      return { success: true, message: result.message };
    },
  });

  app.get('/api/signup/verify/check', async (request) => {
    const query = parse(checkQuery, request.query);
    return { success: true, data: await checkVerified(db, query.username) };
  });
}
