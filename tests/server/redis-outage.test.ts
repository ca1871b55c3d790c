import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { createDatabase } from '#server/db/database.ts';
import { signupForm, solveCaptcha } from './helpers/account.ts';
import {
  hasProgram,
  type Instance,
  logLines,
  type Outcome,
  type PrivateRedis,
  seedSteadyCustomer,
  sharedDataDir,
  sleep,
  startInstance,
  startPrivateRedis,
  timed,
} from './helpers/instances.ts';

// Redis goes away under a running portal (its own process, on a private redis-server the test kills): the portal keeps
// serving, every rate limit keeps holding (counted in the instance's memory meanwhile, architecture.md §5), no answer
// waits on the dead Redis, and counting goes back to Redis when it returns.

const present = hasProgram('redis-server');
const LOGIN_LIMIT = 6;
// Well under what a reconnecting Redis client would make a request wait (its retry delay grows to 2 s).
const ANSWER_BOUND_MS = 1_500;

let redis: PrivateRedis;
let data: ReturnType<typeof sharedDataDir>;
let instance: Instance;
let cookie: string;
let client: { clientId: string; secret: string };
const prefix = `test:outage-${randomBytes(4).toString('hex')}:`;

beforeAll(async () => {
  if (!present) return;
  redis = await startPrivateRedis();
  data = sharedDataDir();
  instance = await startInstance({
    DATA_DIR: data.dir,
    REDIS_URL: redis.url,
    REDIS_KEY_PREFIX: prefix,
    RATE_LIMIT_LOGIN_PER_MINUTE: String(LOGIN_LIMIT),
  });
  const config = loadConfig({ DATA_DIR: data.dir } as NodeJS.ProcessEnv);
  ({ cookie, client } = await seedSteadyCustomer(instance, config, createDatabase(config)));
}, 60_000);

afterAll(async () => {
  await instance?.stop();
  await redis?.kill();
  data?.remove();
});

async function keysInRedis(): Promise<string[]> {
  const probe = new Redis(redis.url, { lazyConnect: true, maxRetriesPerRequest: 0 });
  try {
    await probe.connect();
    return await probe.keys(`${prefix}*`);
  } finally {
    probe.disconnect();
  }
}

const loginAs = (username: string, password = 'Secret1234') =>
  timedShort('login', `${instance.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: instance.url },
    body: JSON.stringify({ username, password }),
  });

/** A request that gives up after 5 s, so a portal that waits on the dead Redis fails here rather than timing out. */
const timedShort = (label: string, url: string, init: RequestInit = {}) => timed(label, url, init, 5_000);

const describeOutcome = (o: Outcome) => `${o.label} ${o.status} in ${o.ms} ms ${o.error ?? JSON.stringify(o.body)}`;

describe.skipIf(!present)(`Redis down${present ? '' : ' (skipped: no redis-server on PATH)'}`, () => {
  it('keeps serving, keeps every limit per instance without waiting on Redis, and counts in Redis again once it is back', async () => {
    // Counted in Redis while it is up.
    expect((await loginAs('steady@example.com')).status).toBe(200);
    expect((await keysInRedis()).length).toBeGreaterThan(0);

    await redis.kill();
    await sleep(300);
    const answers: Outcome[] = [];
    answers.push(await timedShort('session', `${instance.url}/api/session`, { headers: { cookie } }));
    answers.push(await loginAs('steady@example.com'));
    answers.push(
      await timedShort('token', `${instance.url}/api/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: client.clientId,
          client_secret: client.secret,
        }),
      }),
    );
    const captcha = await solveCaptcha(instance);
    answers.push(
      await timedShort('signup', `${instance.url}/api/signup/new`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: instance.url },
        body: JSON.stringify({ ...signupForm({ email: 'during-outage@example.com' }), captcha_token: captcha }),
      }),
    );
    answers.push(
      await timedShort('recover', `${instance.url}/api/password/recover?email=steady%40example.com&language=en-us`),
    );
    expect(answers.filter((o) => o.status !== 200).map(describeOutcome)).toEqual([]);

    // The login limit still holds: this instance counts on from nothing (the Redis counts are out of its reach), so
    // the one login above and LOGIN_LIMIT - 1 more pass, and the next is refused.
    for (let i = 1; i < LOGIN_LIMIT; i++) answers.push(await loginAs('nobody@example.com'));
    const refused = await loginAs('nobody@example.com');
    answers.push(refused);
    expect(answers.slice(-LOGIN_LIMIT, -1).map((o) => o.status)).toEqual(Array(LOGIN_LIMIT - 1).fill(401));
    expect(refused.status, describeOutcome(refused)).toBe(429);
    expect(refused.body.error.code).toBe('RATE_LIMITED');
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(answers.filter((o) => o.ms > ANSWER_BOUND_MS).map(describeOutcome)).toEqual([]);

    // Back: counting moves to the fresh, empty Redis again by itself.
    await redis.start();
    const deadline = Date.now() + 15_000;
    let counted = false;
    while (!counted && Date.now() < deadline) {
      await timedShort('token', `${instance.url}/api/oauth/token`, { method: 'POST' });
      counted = (await keysInRedis()).length > 0;
      if (!counted) await sleep(250);
    }
    expect(counted, 'no rate-limit key reached Redis within 15 s of its return').toBe(true);
    expect(instance.alive()).toBe(true);
    expect(logLines(instance).filter((l) => Number(l.level) >= 50)).toEqual([]);
  }, 60_000);
});
