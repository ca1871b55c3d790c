import { type AddressInfo, connect } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { createDatabase, type Db } from '#server/db/database.ts';
import { queueMail } from '#server/modules/mail/mail.service.ts';
import { startFakeSmtp, until } from '#tests/support/fake-smtp.ts';
import { createUser, freshDatabase, loginCookie, startTestServer } from '#tests/support/server.ts';
import { type Instance, logLines, sharedDataDir, startInstance, timed } from './helpers/instances.ts';

// How an instance ends: SIGTERM (a deploy, a scale-down) lets every request it has taken finish before the process
// exits; SIGKILL (a crash, an OOM kill) loses no mail. The portal runs as production runs it, in its own process, on
// SQLite or, with DATABASE_URL, on a fresh PostgreSQL database.

const cleanups: Array<() => Promise<unknown> | unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A data directory and database both instances of a test share, and the test's own connection to it. */
async function sharedStore(): Promise<{ env: Record<string, string | undefined>; db(): Db }> {
  const data = sharedDataDir();
  cleanups.push(() => data.remove());
  let databaseUrl: string | undefined;
  if (process.env.DATABASE_URL) {
    const database = await freshDatabase(process.env.DATABASE_URL);
    cleanups.push(() => database.drop());
    databaseUrl = database.url;
  }
  const env = { DATA_DIR: data.dir, DATABASE_URL: databaseUrl };
  return {
    env,
    db: () => {
      const db = createDatabase(loadConfig(env as NodeJS.ProcessEnv));
      cleanups.push(() => db.destroy());
      return db;
    },
  };
}

async function started(env: Record<string, string | undefined>): Promise<Instance> {
  const instance = await startInstance(env);
  cleanups.push(() => instance.stop());
  return instance;
}

describe('shutting down', () => {
  it('a connection a browser opened ahead of need, with no request on it, does not hold the close', async () => {
    const server = await startTestServer();
    const { port } = new URL(server.url);
    const spare = connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => spare.once('connect', resolve));
    const ended = new Promise((resolve) => spare.once('close', resolve));
    const started = Date.now();
    await server.close();
    await ended;
    // Node's own close waited for it until its header timeout: a minute.
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('SIGTERM under load: every request the instance has taken is answered before it exits, then it exits 0', async () => {
    const store = await sharedStore();
    // Info level: the instance logs each request it takes, which says when all of them are in.
    const instance = await started({ ...store.env, LOG_LEVEL: 'info' });
    await createUser(store.db(), { email: 'busy@example.com' });
    const cookie = await loginCookie(instance, 'busy@example.com');
    const taken = () => logLines(instance).filter((l) => l.msg === 'incoming request').length;
    const before = taken();

    // Logins hash a password (tens of milliseconds each, four at a time), so most are still running at the signal.
    const count = 24;
    const requests = Array.from({ length: count }, (_, i) =>
      i % 2 === 0
        ? timed('login', `${instance.url}/api/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', origin: instance.url },
            body: JSON.stringify({ username: 'busy@example.com', password: 'Secret1234' }),
          })
        : timed('session', `${instance.url}/api/deviceSessions`, { headers: { cookie } }),
    );
    await until(() => taken() - before >= count || undefined, 15_000);
    const signalledAt = Date.now();
    instance.child.kill('SIGTERM');
    const outcomes = await Promise.all(requests);
    const exit = await Promise.race([
      instance.exited,
      new Promise<null>((resolve) => setTimeout(() => resolve(null), 15_000)),
    ]);

    const failed = outcomes.filter((o) => o.status !== 200);
    expect(failed.map((o) => `${o.label} ${o.status} ${o.error ?? JSON.stringify(o.body)}`)).toEqual([]);
    // The signal really came while requests were running: some were answered only after it.
    expect(outcomes.filter((o) => o.startedAt + o.ms > signalledAt).length).toBeGreaterThan(0);
    expect(exit, instance.output.slice(-8).join('\n')).toEqual({ code: 0, signal: null });
    expect(logLines(instance).filter((l) => Number(l.level) >= 50)).toEqual([]);
  }, 60_000);

  it('SIGTERM after the callers hung up: the requests still running finish their work before the database closes', async () => {
    const store = await sharedStore();
    const instance = await started({ ...store.env, LOG_LEVEL: 'info' });
    const db = store.db();
    await createUser(db, { email: 'gone@example.com' });
    const taken = () => logLines(instance).filter((l) => l.msg === 'incoming request').length;
    const before = taken();

    // Logins whose callers give up as soon as the instance has them: each is still hashing the password (tens of
    // milliseconds, a few at a time) when its connection closes, so nothing is left for the close to wait on but
    // the handlers themselves.
    const count = 8;
    const callers = Array.from({ length: count }, () => new AbortController());
    const requests = callers.map((caller) =>
      fetch(`${instance.url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: instance.url },
        body: JSON.stringify({ username: 'gone@example.com', password: 'Secret1234' }),
        signal: caller.signal,
      }).catch(() => null),
    );
    await until(() => taken() - before >= count || undefined, 15_000);
    for (const caller of callers) caller.abort();
    await Promise.all(requests);
    instance.child.kill('SIGTERM');
    const exit = await Promise.race([
      instance.exited,
      new Promise<null>((resolve) => setTimeout(() => resolve(null), 15_000)),
    ]);

    expect(exit, instance.output.slice(-8).join('\n')).toEqual({ code: 0, signal: null });
    // No handler met a closed database: each login ran to its end and opened its session.
    expect(logLines(instance).filter((l) => Number(l.level) >= 50)).toEqual([]);
    const sessions = await db.selectFrom('sessions').select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(sessions.n)).toBe(count);
  }, 60_000);

  it('SIGKILL mid-mail: the message is still delivered, once, by the instance started after it', async () => {
    const store = await sharedStore();
    // A mail server that takes the message and never confirms it: the instance is inside its send when it dies.
    const taking: string[] = [];
    const hanging = new SMTPServer({
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      logger: false,
      onData(stream, session) {
        stream.resume();
        taking.push(session.envelope.rcptTo.map((r) => r.address).join());
      },
    });
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', () => resolve()));
    cleanups.push(() => new Promise<void>((resolve) => hanging.close(() => resolve())));
    const hangingPort = (hanging.server.address() as AddressInfo).port;

    const first = await started({ ...store.env, SMTP_URL: `smtp://127.0.0.1:${hangingPort}`, MAIL_POLL_MS: '50' });
    const db = store.db();
    await queueMail(
      db,
      {
        kind: 'reset',
        to: 'crash@example.com',
        locale: 'en-us',
        productName: 'Portal',
        link: 'http://127.0.0.1/reset',
        recipientName: 'Casey',
        validity: 60,
      },
      Date.now(),
    );
    await until(() => taking.includes('crash@example.com') || undefined, 15_000);
    expect(await first.stop('SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });

    const row = await db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', 'crash@example.com')
      .executeTakeFirstOrThrow();
    // Not sent, and claimed by the dead instance until its claim runs out.
    expect(row.sent_at).toBeNull();
    expect(row.claimed_until).toBeGreaterThan(Date.now());

    const smtp = await startFakeSmtp();
    cleanups.push(() => smtp.close());
    const second = await started({ ...store.env, SMTP_URL: smtp.url, MAIL_POLL_MS: '50' });
    // While the claim lasts the new instance leaves the row alone (the first one might still be sending it).
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.received).toEqual([]);
    // The claim runs out (five minutes, fast-forwarded here): the row is due again and the new instance sends it.
    await db
      .updateTable('mail_outbox')
      .set({ claimed_until: Date.now() - 1 })
      .where('id', '=', row.id)
      .execute();
    const delivered = await until(() => smtp.received.find((m) => m.mailId === row.id), 15_000);
    expect(delivered.to).toEqual(['crash@example.com']);
    const sent = await until(async () => {
      const r = await db.selectFrom('mail_outbox').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
      return r.sent_at ? r : undefined;
    });
    expect(sent.claimed_until).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.received.filter((m) => m.mailId === row.id)).toHaveLength(1);
    expect(second.alive()).toBe(true);
  }, 60_000);
});
