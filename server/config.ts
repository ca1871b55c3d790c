import { join, resolve } from 'node:path';
import { z } from 'zod';
import { DEFAULT_HASH_NICE } from './lib/password-threads.ts';
import { persistedSecret } from './lib/persisted-secret.ts';
import { type LifecycleConfig, lifecycleConfig, lifecycleEnvShape, lifecycleIssues } from './lifecycle-config.ts';
import { type OAuthConfig, oauthConfig, oauthEnvShape, oauthIssues } from './oauth-config.ts';

// Environment values are strings; these turn them into typed values while keeping the variable name in each issue.
const optionalText = z.string().trim().optional();
const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });
const optionalUrl = optionalText.pipe(httpUrl.optional());
const int = (fallback: number, min: number, max: number) =>
  z.coerce
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(min, { error: `must be at least ${min}` })
    .max(max, { error: `must be at most ${max}` })
    .default(fallback);
const flag = z
  .string()
  .default('false')
  .transform((v) => v.trim().toLowerCase())
  .pipe(z.enum(['true', 'false'], { error: 'must be true or false' }))
  .transform((value) => value === 'true');
const trustProxy = z
  .string()
  .default('false')
  .transform((v): boolean | number | string => {
    const value = v.trim().toLowerCase();
    if (value === 'true') return true;
    if (value === 'false' || value === '0') return false;
    if (/^\d+$/.test(value)) return Number(value); // hop count
    return v.trim(); // comma-separated addresses or CIDRs, as fastify accepts
  });

const envSchema = z.object({
  PORT: int(8080, 0, 65535),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: optionalUrl,
  DATA_DIR: z.string().min(1).default('data'),
  DATABASE_URL: optionalText.pipe(
    z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' }).optional(),
  ),
  DATABASE_POOL_SIZE: int(10, 1, 1000),
  DATABASE_POOL_WAIT_MS: int(10_000, 100, 600_000),
  REDIS_URL: optionalText.pipe(z.url({ protocol: /^rediss?$/, error: 'must be a redis:// URL' }).optional()),
  REDIS_KEY_PREFIX: z.string().default('portal:'),
  SESSION_SECRET: optionalText.pipe(z.string().min(32, { error: 'must be at least 32 characters' }).optional()),
  ALERT_KEYS_SECRET: optionalText.pipe(z.string().min(32, { error: 'must be at least 32 characters' }).optional()),
  SESSION_TTL_HOURS: int(720, 1, 24 * 365),
  SHORT_SESSION_TTL_MINUTES: int(60, 1, 24 * 60),
  LOGIN_MAX_FAILURES: int(5, 1, 1000),
  LOGIN_LOCK_MINUTES: z.coerce
    .number({ error: 'must be a number' })
    .positive({ error: 'must be positive' })
    .default(15),
  RATE_LIMIT_LOGIN_PER_MINUTE: int(60, 1, 1_000_000),
  PASSWORD_HASH_NICE: int(DEFAULT_HASH_NICE, 0, 19),
  PURGE_INTERVAL_MINUTES: int(60, 1, 7 * 24 * 60),
  PROVIDER_SITE_URL: optionalUrl,
  WEB_APP_URL: optionalUrl,
  FAQ_URL: optionalUrl,
  API_DOCS_URL: optionalUrl,
  IOS_APP_URL: optionalUrl,
  ANDROID_APP_URL: optionalUrl,
  CN_COMPANY_NAME: optionalText,
  CN_FILING_NUMBERS: optionalText,
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  TRUST_PROXY: trustProxy,
  STATIC_DIR: z.string().min(1).default('dist'),
  SSR_DIR: z.string().min(1).default('dist-server'),
  STATECHARTS_GALLERY: flag,
  ALERT_DELIVERY_POLL_MS: int(1000, 10, 3_600_000),
  ALERT_DELIVERY_TIMEOUT_MS: int(10_000, 100, 120_000),
  ALERT_DELIVERY_CONCURRENCY: int(8, 1, 256),
  ALERT_WEBHOOK_ALLOW_LOOPBACK: flag,
  METRICS_ENABLED: flag,
  METRICS_TOKEN: optionalText.pipe(z.string().min(16, { error: 'must be at least 16 characters' }).optional()),
  ...lifecycleEnvShape,
  ...oauthEnvShape,
});

/** Where the store badges lead until the app's own pages are configured. */
export const DEFAULT_IOS_APP_URL = 'https://apps.apple.com/';
export const DEFAULT_ANDROID_APP_URL = 'https://play.google.com/store/apps';

export interface PublicSiteConfig {
  providerSiteUrl: string | null;
  webAppUrl: string | null;
  faqUrl: string | null;
  apiDocsUrl: string | null;
  /** The footer's App Store and Google Play badges link here; the stores' home pages unless configured. */
  iosAppUrl: string;
  androidAppUrl: string;
  cnCompanyName: string | null;
  cnFilingNumbers: string | null;
  /** Where the SPA starts Login with Amazon; the client id is public by OAuth's design. */
  amazonAuthorizeUrl: string;
  amazonClientId: string | null;
  /** Whether /pages/statecharts shows the internal statechart gallery; otherwise it is not found. */
  statechartsGallery: boolean;
}

/** How forwarded alerts leave the portal (server/modules/alerts/, docs/architecture.md §5.1). */
export interface AlertDeliveryConfig {
  /** How often each instance's worker looks for due deliveries; an ingested alert also wakes it at once. */
  pollMs: number;
  /** The whole of one webhook call (DNS, connect, TLS, answer): a slow receiver frees its slot after this. */
  timeoutMs: number;
  /** Webhook calls one instance makes at a time. */
  concurrency: number;
  /**
   * Tests only (ALERT_WEBHOOK_ALLOW_LOOPBACK): webhooks on 127.0.0.0/8 and ::1, over http too, so a test receiver on
   * this machine can get alerts. Production leaves it unset: every loopback, private, link-local and metadata address
   * is refused at connect time.
   */
  allowLoopback: boolean;
}

/** The Prometheus exposition at GET /metrics (docs/operations.md). */
export interface MetricsConfig {
  /** Off by default: the path then answers like any unknown address. */
  enabled: boolean;
  /** When set, a scrape must send `Authorization: Bearer <token>`; anything else is answered as not found. */
  token: string | null;
}

export interface Config extends LifecycleConfig, OAuthConfig {
  port: number;
  host: string;
  publicUrl: string;
  /** Origin of publicUrl, for the same-origin check. */
  publicOrigin: string;
  /** Cookies get `Secure` when the public URL is https. */
  secureCookies: boolean;
  dataDir: string;
  databaseUrl: string | null;
  /** PostgreSQL only: connections per instance, and how long a request waits for one when all are busy. */
  databasePool: DatabasePoolConfig;
  sqlitePath: string;
  redisUrl: string | null;
  redisKeyPrefix: string;
  sessionSecret: string;
  /** Seals the alert forwarding keys the portal keeps (its private keys, the AES keys); never rotated with sessions. */
  alertKeysSecret: string;
  sessionTtlHours: number;
  shortSessionTtlMinutes: number;
  loginMaxFailures: number;
  loginLockMinutes: number;
  rateLimitLoginPerMinute: number;
  /** Linux: the password hash threads' nice value (lib/password-threads.ts); 0 hashes at the event loop's priority. */
  passwordHashNice: number;
  /** How often finished sessions, tokens and delivered mail are purged (modules/maintenance). */
  purgeIntervalMinutes: number;
  site: PublicSiteConfig;
  logLevel: string;
  trustProxy: boolean | number | string;
  staticDir: string;
  /** The SPA's server entry build (src/entry-server.tsx), which renders public pages' first screens. */
  ssrDir: string;
  alertDelivery: AlertDeliveryConfig;
  metrics: MetricsConfig;
}

export interface DatabasePoolConfig {
  size: number;
  waitMs: number;
}

export class ConfigError extends Error {
  issues: string[];
  constructor(issues: string[]) {
    super(`Invalid configuration:\n${issues.map((i) => `  - ${i}`).join('\n')}`);
    this.name = 'ConfigError';
    this.issues = issues;
  }
}

/** Parses every variable at once so one boot attempt reports every mistake, then freezes the result. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (`FOO=` in a .env file) means "use the default", not "the empty string".
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ''));
  const parsed = envSchema.safeParse(present);
  const crossIssues = [...lifecycleIssues(present), ...oauthIssues(present)];
  if (!parsed.success || crossIssues.length > 0) {
    const issues = (parsed.error?.issues ?? []).map((issue) => `${String(issue.path[0] ?? '(env)')}: ${issue.message}`);
    throw new ConfigError([...issues, ...crossIssues]);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const publicOrigin = new URL(publicUrl).origin;
  const config: Config = {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    publicOrigin,
    secureCookies: publicOrigin.startsWith('https:'),
    dataDir,
    databaseUrl: e.DATABASE_URL ?? null,
    databasePool: { size: e.DATABASE_POOL_SIZE, waitMs: e.DATABASE_POOL_WAIT_MS },
    sqlitePath: join(dataDir, 'portal.db'),
    redisUrl: e.REDIS_URL ?? null,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    sessionSecret: e.SESSION_SECRET ?? persistedSecret(dataDir, 'session-secret'),
    alertKeysSecret: e.ALERT_KEYS_SECRET ?? persistedSecret(dataDir, 'alert-keys-secret'),
    sessionTtlHours: e.SESSION_TTL_HOURS,
    shortSessionTtlMinutes: e.SHORT_SESSION_TTL_MINUTES,
    loginMaxFailures: e.LOGIN_MAX_FAILURES,
    loginLockMinutes: e.LOGIN_LOCK_MINUTES,
    rateLimitLoginPerMinute: e.RATE_LIMIT_LOGIN_PER_MINUTE,
    passwordHashNice: e.PASSWORD_HASH_NICE,
    purgeIntervalMinutes: e.PURGE_INTERVAL_MINUTES,
    site: Object.freeze({
      providerSiteUrl: e.PROVIDER_SITE_URL ?? null,
      webAppUrl: e.WEB_APP_URL ?? null,
      faqUrl: e.FAQ_URL ?? null,
      apiDocsUrl: e.API_DOCS_URL ?? null,
      iosAppUrl: e.IOS_APP_URL ?? DEFAULT_IOS_APP_URL,
      androidAppUrl: e.ANDROID_APP_URL ?? DEFAULT_ANDROID_APP_URL,
      cnCompanyName: e.CN_COMPANY_NAME ?? null,
      cnFilingNumbers: e.CN_FILING_NUMBERS ?? null,
      amazonAuthorizeUrl: e.AMAZON_AUTHORIZE_URL,
      amazonClientId: e.AMAZON_CLIENT_ID ?? null,
      statechartsGallery: e.STATECHARTS_GALLERY,
    }),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    staticDir: resolve(e.STATIC_DIR),
    ssrDir: resolve(e.SSR_DIR),
    alertDelivery: Object.freeze({
      pollMs: e.ALERT_DELIVERY_POLL_MS,
      timeoutMs: e.ALERT_DELIVERY_TIMEOUT_MS,
      concurrency: e.ALERT_DELIVERY_CONCURRENCY,
      allowLoopback: e.ALERT_WEBHOOK_ALLOW_LOOPBACK,
    }),
    metrics: Object.freeze({ enabled: e.METRICS_ENABLED, token: e.METRICS_TOKEN ?? null }),
    ...lifecycleConfig(e, dataDir, publicUrl),
    ...oauthConfig(e, dataDir, publicUrl),
  };
  return Object.freeze(config);
}
