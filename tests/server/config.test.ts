import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.ts';

describe('loadConfig', () => {
  it('names every bad variable at once', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        PUBLIC_URL: 'ftp://portal.example',
        DATABASE_URL: 'mysql://db',
        REDIS_URL: 'memcached://x',
        SESSION_SECRET: 'too-short',
        SESSION_TTL_HOURS: '-1',
        LOGIN_MAX_FAILURES: '1.5',
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
        'DATABASE_URL',
        'FAQ_URL',
        'LOGIN_MAX_FAILURES',
        'LOG_LEVEL',
        'PORT',
        'PUBLIC_URL',
        'REDIS_URL',
        'SESSION_SECRET',
        'SESSION_TTL_HOURS',
      ].sort(),
    );
    expect((error as Error).message).toContain('PORT');
  });

  it('applies defaults, freezes the result and persists a generated session secret', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-config-'));
    const config = loadConfig({ DATA_DIR: dataDir, PORT: '' });
    expect(config.port).toBe(8080);
    expect(config.host).toBe('0.0.0.0');
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(config.databaseUrl).toBeNull();
    expect(config.sqlitePath).toBe(join(dataDir, 'portal.db'));
    expect(config.sessionTtlHours).toBe(720);
    expect(config.loginMaxFailures).toBe(5);
    expect(config.loginLockMinutes).toBe(15);
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
