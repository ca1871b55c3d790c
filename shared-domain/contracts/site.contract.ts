import { z } from 'zod';
import { defineRoute, okData } from './contract.ts';

/** The captcha the sign-up form shows; ALTCHA (self-hosted) when absent. */
export const captchaSettings = z.object({
  provider: z.enum(['altcha', 'recaptcha', 'turnstile']),
  siteKey: z.string().nullable(),
});

/**
 * The public settings of a deployment (GET /api/config, and inlined into every page the server sends), so one build
 * serves every region. Unset URLs are null. The optional fields are absent from older servers.
 */
export const publicConfig = z.object({
  providerSiteUrl: z.string().nullable(),
  webAppUrl: z.string().nullable(),
  faqUrl: z.string().nullable(),
  apiDocsUrl: z.string().nullable(),
  iosAppUrl: z.string().optional(),
  androidAppUrl: z.string().optional(),
  cnCompanyName: z.string().nullable(),
  cnFilingNumbers: z.string().nullable(),
  androidAppPackage: z.string().nullable().optional(),
  amazonAuthorizeUrl: z.string().nullable().optional(),
  amazonClientId: z.string().nullable().optional(),
  statechartsGallery: z.boolean().optional(),
  termsUrl: z.string().nullable().optional(),
  captcha: captchaSettings.partial().nullable().optional(),
});

export const config = defineRoute({
  method: 'GET',
  url: '/api/config',
  summary: 'The public settings of this deployment',
  tags: ['Site'],
  response: { 200: okData(publicConfig) },
  errors: [],
});

export const healthz = defineRoute({
  method: 'GET',
  url: '/healthz',
  summary: 'Liveness: the process answers HTTP',
  description:
    'Touches nothing else, so a database outage never makes an orchestrator restart every instance at once; ' +
    'whether the instance can serve is `GET /readyz`.',
  tags: ['Operations'],
  response: { 200: z.object({ status: z.literal('ok') }) },
  errors: [],
});

const checkState = z.enum(['ok', 'unreachable']);

/** Each dependency readiness checks: the database always, Redis when REDIS_URL is set. */
export const readinessChecks = z.object({
  database: checkState,
  redis: checkState.optional().meta({ description: 'Present when Redis is configured' }),
});

export const readyz = defineRoute({
  method: 'GET',
  url: '/readyz',
  summary: 'Readiness: this instance reaches its database (and how Redis is, when configured)',
  description:
    'A real query on the database and a PING to Redis, each within 2 seconds. Without the database: 503 ' +
    'ServiceUnavailable with `Retry-After` and the checks in `error.data.checks`; take the instance out of the load ' +
    'balancer until it answers 200 again. Without Redis it still serves (`degraded`, rate limits counted per ' +
    'instance until Redis is back), since every instance shares the one Redis.',
  tags: ['Operations'],
  response: { 200: z.object({ status: z.enum(['ready', 'degraded']), checks: readinessChecks }) },
  otherAnswers: {
    503: {
      description: 'Not ready: ServiceUnavailable, `error.data` = `{ retry_after_seconds, checks }`',
      headers: { 'Retry-After': 'Seconds before asking again' },
    },
  },
  errors: ['ServiceUnavailable'],
});

/** An ALTCHA challenge's parameters: what the server issues, and what a solved payload carries back to it. */
export const altchaParameters = z.object({
  algorithm: z.string(),
  nonce: z.string(),
  salt: z.string(),
  cost: z.number(),
  keyLength: z.number(),
  keyPrefix: z.string(),
  keySignature: z.string().optional(),
  expiresAt: z.number().optional(),
  data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
});

export const captchaChallenge = defineRoute({
  method: 'GET',
  url: '/api/captcha/challenge',
  summary: 'A proof-of-work challenge for the ALTCHA widget',
  description:
    'The bare challenge object the widget expects, not the envelope; 404 when another captcha is configured.',
  tags: ['Account'],
  response: {
    200: z.object({ parameters: altchaParameters, signature: z.string().optional() }),
  },
  errors: ['NotFound'],
});

export type PublicConfig = z.infer<typeof publicConfig>;
export type CaptchaConfig = z.infer<typeof captchaSettings>;
export type PublicConfigAnswer = z.infer<(typeof config.response)[200]>;
