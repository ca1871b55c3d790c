import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { type Config, loadConfig } from '#server/config.ts';
import type { Db } from '#server/db/database.ts';
import { createClient } from '#server/modules/clients/clients.service.ts';
import { freePort } from '#tests/support/fake-smtp.ts';
import { createUser, loginCookie, NO_SERVER_ENTRY } from '#tests/support/server.ts';

/**
 * Portal servers as production runs them, `node server/index.ts` in processes of their own, and the private services
 * the fault tests stop and start (a PostgreSQL cluster and a Redis of their own: the machine's shared ones are never
 * touched). Everything listens on 127.0.0.1.
 */

const run = promisify(execFile);

/** The environment every instance gets unless the test says otherwise: the same generous limits as startTestServer. */
const INSTANCE_DEFAULTS: Record<string, string> = {
  HOST: '127.0.0.1',
  PORT: '0',
  LOG_LEVEL: 'warn',
  STATIC_DIR: resolve('dist'),
  SSR_DIR: NO_SERVER_ENTRY,
  RATE_LIMIT_SIGNUP_PER_HOUR: '10000',
  RATE_LIMIT_RESEND_PER_HOUR: '10000',
  RATE_LIMIT_RECOVER_PER_HOUR: '10000',
  RATE_LIMIT_PER_EMAIL_PER_HOUR: '10000',
  RATE_LIMIT_TOKEN_PER_MINUTE: '10000',
  MAIL_POLL_MS: '100',
  ALTCHA_MAX_NUMBER: '5000',
};

export interface Instance {
  url: string;
  port: number;
  child: ChildProcess;
  /** Everything the process wrote, stdout and stderr, line by line. */
  output: string[];
  /** Resolves with the exit code (null after a signal) once the process is gone. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** True while the process runs. */
  alive(): boolean;
  /** Sends a signal (SIGKILL by default) and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * A data directory whose generated secrets (session, OAuth signing key, alert keys) exist before any instance starts,
 * so instances sharing it share them, as production instances share their variables.
 */
export function sharedDataDir(): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'portal-instances-'));
  loadConfig({ DATA_DIR: dir } as NodeJS.ProcessEnv);
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Starts `node server/index.ts` and resolves once it listens (its port read from the line it prints). */
export async function startInstance(env: Record<string, string | undefined>, timeoutMs = 45_000): Promise<Instance> {
  const child = spawn(process.execPath, [resolve('server/index.ts')], {
    env: {
      PATH: process.env.PATH,
      ...INSTANCE_DEFAULTS,
      ...Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined)),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  let exit: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.once('exit', (code, signal) => {
      exit = { code, signal };
      done(exit);
    }),
  );
  const port = await new Promise<number>((resolvePort, reject) => {
    const timer = setTimeout(() => fail(new Error(`instance did not start in ${timeoutMs} ms`)), timeoutMs);
    function fail(err: Error) {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`${err.message}\n${output.slice(-40).join('\n')}`));
    }
    for (const stream of [child.stdout, child.stderr]) {
      let partial = '';
      stream?.setEncoding('utf8');
      stream?.on('data', (chunk: string) => {
        const lines = (partial + chunk).split('\n');
        partial = lines.pop() ?? '';
        for (const line of lines) {
          if (output.length < 20_000) output.push(line);
          const listening = /Portal listening on http:\/\/localhost:(\d+)/.exec(line);
          if (listening) {
            clearTimeout(timer);
            resolvePort(Number(listening[1]));
          }
        }
      });
    }
    void exited.then(({ code, signal }) => fail(new Error(`instance exited (${code ?? signal}) before listening`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    child,
    output,
    exited,
    alive: () => exit === null,
    stop: async (signal = 'SIGKILL') => {
      if (exit) return exit;
      child.kill(signal);
      return exited;
    },
  };
}

/** The JSON log lines an instance wrote (pino), for what it logged rather than what it answered. */
export function logLines(instance: Instance): Array<Record<string, unknown>> {
  return instance.output.flatMap((line) => {
    if (!line.startsWith('{')) return [];
    try {
      return [JSON.parse(line) as Record<string, unknown>];
    } catch {
      return [];
    }
  });
}

export async function adminQuery(databaseUrl: string, statement: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The folder of PostgreSQL's server programs (initdb, pg_ctl), or null when the machine has none. */
export function postgresBinaries(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')) && existsSync(join(root, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : null;
}

export interface PrivatePostgres {
  /** A database URL of the cluster's `portal` database. */
  url: string;
  port: number;
  start(): Promise<void>;
  /** Stops the cluster (fast shutdown: sessions are ended, open transactions rolled back). */
  stop(): Promise<void>;
  destroy(): Promise<void>;
}

/**
 * A PostgreSQL cluster of the test's own in a temp directory on a free port: the test may stop it, which it must
 * never do to the machine's shared cluster. initdb refuses to run as root, so as root the cluster belongs to the
 * `postgres` user.
 */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBinaries();
  if (!bin) throw new Error('no PostgreSQL server programs under /usr/lib/postgresql');
  const dir = mkdtempSync(join(tmpdir(), 'portal-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const as = (program: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', join(bin, program), ...args]) : run(join(bin, program), args);
  const data = join(dir, 'data');
  await as('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  const start = async () => {
    await as('pg_ctl', ['start', '-w', '-t', '30', '-D', data, '-l', join(dir, 'log'), '-o', options]);
  };
  const stop = async () => {
    await as('pg_ctl', ['stop', '-w', '-t', '30', '-m', 'fast', '-D', data]);
  };
  await start();
  const base = `postgres://postgres@127.0.0.1:${port}`;
  await adminQuery(`${base}/postgres`, 'create database portal');
  return {
    url: `${base}/portal`,
    port,
    start,
    stop,
    destroy: async () => {
      await stop().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function hasProgram(name: string): boolean {
  return (process.env.PATH ?? '').split(':').some((dir) => dir && existsSync(join(dir, name)));
}

export interface PrivateRedis {
  url: string;
  port: number;
  /** Kills the server (SIGKILL): connections drop, nothing is saved. */
  kill(): Promise<void>;
  /** Starts a fresh server on the same port (empty: `--save ''`, no appendonly). */
  start(): Promise<void>;
}

/** A redis-server of the test's own on a free port, nothing persisted, for a test that kills it. */
export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const start = async () => {
    const started = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    child = started;
    await untilListening(port);
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    start,
    kill: async () => {
      const running = child;
      if (!running || running.exitCode !== null) return;
      const gone = new Promise((done) => running.once('exit', done));
      running.kill('SIGKILL');
      await gone;
    },
  };
}

async function untilListening(port: number, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((done) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        done(true);
      });
      socket.once('error', () => done(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on ${port}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export interface Outcome {
  /** What was asked, for the failure message. */
  label: string;
  startedAt: number;
  ms: number;
  /** 0 when no answer came (refused, reset). */
  status: number;
  retryAfter: string | null;
  body: any;
  error?: string;
}

/** One request, timed, never throwing: a network failure is an outcome with status 0. */
export async function timed(label: string, url: string, init: RequestInit = {}, timeoutMs = 30_000): Promise<Outcome> {
  const startedAt = Date.now();
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON: kept as text for the failure message.
    }
    return {
      label,
      startedAt,
      ms: Date.now() - startedAt,
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      body,
    };
  } catch (err) {
    const cause = (err as { cause?: { code?: string } }).cause?.code;
    return {
      label,
      startedAt,
      ms: Date.now() - startedAt,
      status: 0,
      retryAfter: null,
      body: null,
      error: `${(err as Error).name}: ${cause ?? (err as Error).message}`,
    };
  }
}

/**
 * A bounded load: `workers` loops each sending one request at a time (the next chosen by `next`) until `stop()`;
 * resolves with every outcome once the loops have ended.
 */
export function startLoad(workers: number, next: (n: number) => Promise<Outcome>) {
  let running = true;
  let n = 0;
  const outcomes: Outcome[] = [];
  const loops = Array.from({ length: workers }, async () => {
    while (running) outcomes.push(await next(n++));
  });
  return {
    outcomes,
    stop: async () => {
      running = false;
      await Promise.all(loops);
      return outcomes;
    },
  };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The steady customer of the fault suites: an API-access owner with a client-credentials integration, written straight
 * into the instance's database (closed afterwards), then signed in through the instance itself.
 */
export async function seedSteadyCustomer(
  instance: Instance,
  config: Config,
  db: Db,
): Promise<{ cookie: string; client: { clientId: string; secret: string } }> {
  let client: { clientId: string; secret: string };
  try {
    const owner = await createUser(db, { email: 'steady@example.com', apiAccess: true });
    const created = await createClient(db, config, {
      groupId: owner.groupId,
      userId: owner.id,
      grantType: 'client_credentials',
      applicationName: 'Steady integration',
    });
    client = { clientId: created.client.clientId, secret: created.secret };
  } finally {
    await db.destroy();
  }
  return { cookie: await loginCookie(instance, 'steady@example.com'), client };
}
