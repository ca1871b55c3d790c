import { join } from 'node:path';
import { z } from 'zod';
import { REGIONS, type Region } from '../shared-domain/account.ts';
import { persistedSecret } from './lib/persisted-secret.ts';

// The account-lifecycle part of the environment (product.md §4 "Account lifecycle", §9): tokens, mail, captcha, abuse
// limits. Kept apart from config.ts so each stays readable; config.ts merges the shape and calls `lifecycleConfig`.

const optionalText = z.string().trim().optional();
const int = (fallback: number, min: number, max: number) =>
  z.coerce
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(min, { error: `must be at least ${min}` })
    .max(max, { error: `must be at most ${max}` })
    .default(fallback);

export const CAPTCHA_PROVIDERS = ['altcha', 'recaptcha', 'turnstile'] as const;
export type CaptchaProvider = (typeof CAPTCHA_PROVIDERS)[number];

const SITEVERIFY_URLS: Record<Exclude<CaptchaProvider, 'altcha'>, string> = {
  recaptcha: 'https://www.google.com/recaptcha/api/siteverify',
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
};

export const lifecycleEnvShape = {
  REGION: z.enum(REGIONS, { error: `must be one of ${REGIONS.join(', ')}` }).default('dev'),
  PRODUCT_NAME: z.string().trim().min(1).default('Portal'),
  TERMS_URL: optionalText.pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional()),
  ANDROID_APP_PACKAGE: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z]\w*(\.[A-Za-z]\w*)+$/, { error: 'must be an Android package name' })
      .optional(),
  ),
  VERIFICATION_TOKEN_TTL_HOURS: int(24, 1, 24 * 30),
  RESET_TOKEN_TTL_MINUTES: int(60, 1, 24 * 60),
  INVITATION_TOKEN_TTL_DAYS: int(7, 1, 90),
  MAIL_FROM: optionalText,
  SMTP_URL: optionalText.pipe(z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional()),
  MAIL_POLL_MS: int(1000, 10, 3_600_000),
  MAIL_RETRY_BASE_MS: int(2000, 1, 3_600_000),
  MAIL_RETRY_MAX_MS: int(300_000, 1, 24 * 3_600_000),
  CAPTCHA_PROVIDER: z
    .enum(CAPTCHA_PROVIDERS, { error: `must be one of ${CAPTCHA_PROVIDERS.join(', ')}` })
    .default('altcha'),
  CAPTCHA_SITE_KEY: optionalText,
  CAPTCHA_SECRET: optionalText,
  CAPTCHA_VERIFY_URL: optionalText.pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional()),
  CAPTCHA_MIN_SCORE: z.coerce
    .number({ error: 'must be a number' })
    .min(0, { error: 'must be between 0 and 1' })
    .max(1, { error: 'must be between 0 and 1' })
    .default(0.5),
  ALTCHA_HMAC_KEY: optionalText.pipe(z.string().min(32, { error: 'must be at least 32 characters' }).optional()),
  ALTCHA_MAX_NUMBER: int(50_000, 1, 10_000_000),
  ALTCHA_EXPIRY_SECONDS: int(600, 10, 86_400),
  RATE_LIMIT_SIGNUP_PER_HOUR: int(20, 1, 1_000_000),
  RATE_LIMIT_RESEND_PER_HOUR: int(20, 1, 1_000_000),
  RATE_LIMIT_RECOVER_PER_HOUR: int(20, 1, 1_000_000),
  RATE_LIMIT_PER_EMAIL_PER_HOUR: int(5, 1, 1_000_000),
  RATE_LIMIT_INVITE_PER_HOUR: int(20, 1, 1_000_000),
};

type LifecycleEnv = z.output<z.ZodObject<typeof lifecycleEnvShape>>;

export interface TokenTtls {
  verificationMs: number;
  resetMs: number;
  invitationMs: number;
}

export interface MailConfig {
  from: string;
  smtpUrl: string | null;
  /** Where messages go when there is no SMTP: `.eml` plus `.json` files for people and tests to read. */
  outboxDir: string;
  pollMs: number;
  retryBaseMs: number;
  retryMaxMs: number;
}

export interface CaptchaConfig {
  provider: CaptchaProvider;
  siteKey: string | null;
  secret: string | null;
  verifyUrl: string | null;
  minScore: number;
  altchaHmacKey: string;
  altchaMaxNumber: number;
  altchaExpirySeconds: number;
}

export interface AbuseLimits {
  signupPerHour: number;
  resendPerHour: number;
  recoverPerHour: number;
  perEmailPerHour: number;
  /** Invitations one account (group) may send an hour. */
  invitePerHour: number;
}

export interface LifecycleConfig {
  region: Region;
  productName: string;
  /** The terms and conditions the signup checkbox links to (GET /api/config). */
  termsUrl: string | null;
  /** The Android app the password page's Open app button targets with an intent link (GET /api/config). */
  androidAppPackage: string | null;
  tokenTtl: TokenTtls;
  mail: MailConfig;
  captcha: CaptchaConfig;
  abuseLimits: AbuseLimits;
}

/**
 * Rules that span variables, read from the raw (non-empty) values so they are reported together with the schema's
 * issues in the same boot attempt.
 */
export function lifecycleIssues(env: Record<string, string | undefined>): string[] {
  const provider = env.CAPTCHA_PROVIDER?.trim();
  if (provider !== 'recaptcha' && provider !== 'turnstile') return [];
  return (['CAPTCHA_SECRET', 'CAPTCHA_SITE_KEY'] as const)
    .filter((name) => !env[name])
    .map((name) => `${name}: is required when CAPTCHA_PROVIDER is ${provider}`);
}

export function lifecycleConfig(e: LifecycleEnv, dataDir: string, publicUrl: string): LifecycleConfig {
  const provider = e.CAPTCHA_PROVIDER;
  return {
    region: e.REGION,
    productName: e.PRODUCT_NAME,
    termsUrl: e.TERMS_URL ?? null,
    androidAppPackage: e.ANDROID_APP_PACKAGE ?? null,
    tokenTtl: Object.freeze({
      verificationMs: e.VERIFICATION_TOKEN_TTL_HOURS * 3_600_000,
      resetMs: e.RESET_TOKEN_TTL_MINUTES * 60_000,
      invitationMs: e.INVITATION_TOKEN_TTL_DAYS * 86_400_000,
    }),
    mail: Object.freeze({
      from: e.MAIL_FROM ?? `${e.PRODUCT_NAME} <no-reply@${new URL(publicUrl).hostname}>`,
      smtpUrl: e.SMTP_URL ?? null,
      outboxDir: join(dataDir, 'outbox'),
      pollMs: e.MAIL_POLL_MS,
      retryBaseMs: e.MAIL_RETRY_BASE_MS,
      retryMaxMs: Math.max(e.MAIL_RETRY_MAX_MS, e.MAIL_RETRY_BASE_MS),
    }),
    captcha: Object.freeze({
      provider,
      siteKey: e.CAPTCHA_SITE_KEY ?? null,
      secret: e.CAPTCHA_SECRET ?? null,
      verifyUrl: provider === 'altcha' ? null : (e.CAPTCHA_VERIFY_URL ?? SITEVERIFY_URLS[provider]),
      minScore: e.CAPTCHA_MIN_SCORE,
      // Only ALTCHA needs it, but generating it always keeps a later switch of provider free of surprises.
      altchaHmacKey: e.ALTCHA_HMAC_KEY ?? persistedSecret(dataDir, 'altcha-hmac-key'),
      altchaMaxNumber: e.ALTCHA_MAX_NUMBER,
      altchaExpirySeconds: e.ALTCHA_EXPIRY_SECONDS,
    }),
    abuseLimits: Object.freeze({
      signupPerHour: e.RATE_LIMIT_SIGNUP_PER_HOUR,
      resendPerHour: e.RATE_LIMIT_RESEND_PER_HOUR,
      recoverPerHour: e.RATE_LIMIT_RECOVER_PER_HOUR,
      perEmailPerHour: e.RATE_LIMIT_PER_EMAIL_PER_HOUR,
      invitePerHour: e.RATE_LIMIT_INVITE_PER_HOUR,
    }),
  };
}
