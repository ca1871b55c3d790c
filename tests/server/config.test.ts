import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '#server/config.ts';

describe('loadConfig', () => {
  it('names every bad variable at once', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        PUBLIC_URL: 'ftp://portal.example',
        DATABASE_URL: 'mysql://db',
        DATABASE_POOL_SIZE: '0',
        DATABASE_POOL_WAIT_MS: 'ten seconds',
        REDIS_URL: 'memcached://x',
        SESSION_SECRET: 'too-short',
        SESSION_TTL_HOURS: '-1',
        LOGIN_MAX_FAILURES: '1.5',
        PASSWORD_HASH_NICE: '20',
        LOG_LEVEL: 'loud',
        FAQ_URL: 'not a url',
      });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const names = (error as ConfigError).issues.map((i) => i.split(':')[0]);
    expect(names.sort()).toEqual(
      [
        'DATABASE_POOL_SIZE',
        'DATABASE_POOL_WAIT_MS',
        'DATABASE_URL',
        'FAQ_URL',
        'LOGIN_MAX_FAILURES',
        'LOG_LEVEL',
        'PASSWORD_HASH_NICE',
        'PORT',
        'PUBLIC_URL',
        'REDIS_URL',
        'SESSION_SECRET',
        'SESSION_TTL_HOURS',
      ].sort(),
    );
    expect((error as Error).message).toContain('PORT');
    expect((error as ConfigError).issues).toContain('DATABASE_POOL_SIZE: must be at least 1');
    expect((error as ConfigError).issues).toContain('PASSWORD_HASH_NICE: must be at most 19');
  });

  it('applies defaults, freezes the result and persists a generated session secret', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-config-'));
    const config = loadConfig({ DATA_DIR: dataDir, PORT: '' });
    expect(config.port).toBe(8080);
    expect(config.host).toBe('0.0.0.0');
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(config.databaseUrl).toBeNull();
    expect(config.databasePool).toEqual({ size: 10, waitMs: 10_000 });
    expect(config.sqlitePath).toBe(join(dataDir, 'portal.db'));
    expect(config.sessionTtlHours).toBe(720);
    expect(config.loginMaxFailures).toBe(5);
    expect(config.loginLockMinutes).toBe(15);
    expect(config.passwordHashNice).toBe(10);
    expect(config.secureCookies).toBe(false);
    expect(Object.isFrozen(config)).toBe(true);

    const file = join(dataDir, 'session-secret');
    expect(readFileSync(file, 'utf8').trim()).toBe(config.sessionSecret);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dataDir }).sessionSecret).toBe(config.sessionSecret);
  });

  it('uses secure cookies behind an https public URL and keeps an explicit secret', () => {
    const config = loadConfig({
      DATA_DIR: mkdtempSync(join(tmpdir(), 'portal-config-')),
      PUBLIC_URL: 'https://portal.example/',
      SESSION_SECRET: 'x'.repeat(40),
      TRUST_PROXY: '1',
    });
    expect(config.publicOrigin).toBe('https://portal.example');
    expect(config.secureCookies).toBe(true);
    expect(config.sessionSecret).toBe('x'.repeat(40));
    expect(config.trustProxy).toBe(1);
  });
});

describe('store badge links', () => {
  it("default to the stores' home pages and take the app's own pages when configured", () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-config-'));
    expect(loadConfig({ DATA_DIR: dataDir }).site).toMatchObject({
      iosAppUrl: 'https://apps.apple.com/',
      androidAppUrl: 'https://play.google.com/store/apps',
    });
    const site = loadConfig({
      DATA_DIR: dataDir,
      IOS_APP_URL: 'https://apps.apple.com/app/id123',
      ANDROID_APP_URL: 'https://play.google.com/store/apps/details?id=com.example.app',
    }).site;
    expect(site.iosAppUrl).toBe('https://apps.apple.com/app/id123');
    expect(site.androidAppUrl).toBe('https://play.google.com/store/apps/details?id=com.example.app');
  });

  it('refuses anything but an http(s) address, naming the variable', () => {
    let error: unknown;
    try {
      loadConfig({ IOS_APP_URL: 'javascript:alert(1)', ANDROID_APP_URL: 'market://details?id=x' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).issues.map((i) => i.split(':')[0]).sort()).toEqual([
      'ANDROID_APP_URL',
      'IOS_APP_URL',
    ]);
  });
});

describe('account lifecycle settings', () => {
  it('default to a single dev instance: ALTCHA, outbox files, real TTLs and limits', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-config-'));
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.region).toBe('dev');
    expect(config.termsUrl).toBeNull();
    expect(config.tokenTtl).toEqual({
      verificationMs: 24 * 3_600_000,
      resetMs: 60 * 60_000,
      invitationMs: 7 * 86_400_000,
    });
    expect(config.mail).toMatchObject({
      from: 'Portal <no-reply@localhost>',
      smtpUrl: null,
      outboxDir: join(dataDir, 'outbox'),
      pollMs: 1000,
      retryBaseMs: 2000,
      retryMaxMs: 300_000,
    });
    expect(config.captcha).toMatchObject({
      provider: 'altcha',
      siteKey: null,
      verifyUrl: null,
      minScore: 0.5,
      altchaExpirySeconds: 600,
    });
    expect(readFileSync(join(dataDir, 'altcha-hmac-key'), 'utf8').trim()).toBe(config.captcha.altchaHmacKey);
    expect(statSync(join(dataDir, 'altcha-hmac-key')).mode & 0o777).toBe(0o600);
    expect(config.abuseLimits).toEqual({
      signupPerHour: 20,
      resendPerHour: 20,
      recoverPerHour: 20,
      perEmailPerHour: 5,
      invitePerHour: 20,
    });
  });

  it('names every bad lifecycle variable, including a provider without its secret', () => {
    let error: unknown;
    try {
      loadConfig({
        REGION: 'mars',
        SMTP_URL: 'http://mail.example',
        CAPTCHA_PROVIDER: 'recaptcha',
        CAPTCHA_MIN_SCORE: '2',
        ALTCHA_HMAC_KEY: 'short',
        RESET_TOKEN_TTL_MINUTES: '0',
        MAIL_POLL_MS: 'soon',
        ANDROID_APP_PACKAGE: 'not a package',
      });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const names = (error as ConfigError).issues.map((i) => i.split(':')[0]);
    expect(names.sort()).toEqual(
      [
        'ALTCHA_HMAC_KEY',
        'ANDROID_APP_PACKAGE',
        'CAPTCHA_MIN_SCORE',
        'CAPTCHA_SECRET',
        'CAPTCHA_SITE_KEY',
        'MAIL_POLL_MS',
        'REGION',
        'RESET_TOKEN_TTL_MINUTES',
        'SMTP_URL',
      ].sort(),
    );
  });

  it('points reCAPTCHA at its siteverify unless told otherwise', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-config-'));
    const config = loadConfig({
      DATA_DIR: dataDir,
      CAPTCHA_PROVIDER: 'recaptcha',
      CAPTCHA_SECRET: 's',
      CAPTCHA_SITE_KEY: 'k',
      REGION: 'prodca',
    });
    expect(config.captcha.verifyUrl).toBe('https://www.google.com/recaptcha/api/siteverify');
    expect(config.region).toBe('prodca');
  });
});

describe('OAuth resource indicators', () => {
  it('default to the portal API alone, and take a configured default and further resources', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-config-'));
    const plain = loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'https://portal.example/' });
    expect(plain.oauth.defaultResource).toBe('https://portal.example/api');
    expect(plain.oauth.resources).toEqual(['https://portal.example/api']);

    const configured = loadConfig({
      DATA_DIR: dataDir,
      OAUTH_DEFAULT_RESOURCE: 'https://api.portal.example',
      OAUTH_RESOURCES: ' https://reports.example/api  urn:example:alerts https://api.portal.example ',
    });
    expect(configured.oauth.defaultResource).toBe('https://api.portal.example');
    expect(configured.oauth.resources).toEqual([
      'https://api.portal.example',
      'https://reports.example/api',
      'urn:example:alerts',
    ]);
  });

  it('refuse relative, fragment-carrying or several default resources', () => {
    for (const env of [
      { OAUTH_RESOURCES: 'https://ok.example /relative' },
      { OAUTH_RESOURCES: 'https://reports.example/api#part' },
      { OAUTH_DEFAULT_RESOURCE: 'https://a.example https://b.example' },
      { OAUTH_DEFAULT_RESOURCE: 'api' },
    ]) {
      let error: unknown;
      try {
        loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'portal-config-')), ...env });
      } catch (err) {
        error = err;
      }
      expect(error, JSON.stringify(env)).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).issues.map((i) => i.split(':')[0])).toEqual(Object.keys(env));
    }
  });
});
