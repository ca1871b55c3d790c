/**
 * Login throughput against its baseline, both measured in this run: POST /api/login on a real server (HTTP over
 * loopback, session written, cookies set) versus raw argon2id verifications of the same hash at the same concurrency.
 * argon2 is the login's designed cost (architecture.md §5), so the ratio shows how much everything else costs on top.
 */
import { connect, type Socket } from 'node:net';
import { hash, type Options, verify } from '@node-rs/argon2';
import { createUser, DEFAULT_TEST_PASSWORD, startTestServer } from '../tests/support/server.ts';

// The server's parameters (server/lib/password.ts): OWASP argon2id, 19 MiB, t=2, p=1. Algorithm 2 is Argon2id.
const ARGON2: Options = { memoryCost: 19456, timeCost: 2, parallelism: 1, algorithm: 2 as Options['algorithm'] };

export interface ThroughputResult {
  concurrency: number;
  requests: number;
  rounds: number;
  /** Over all rounds. */
  loginPerSecond: number;
  argon2PerSecond: number;
  /** Median of the rounds' login/argon2 ratios. */
  ratio: number;
  roundRatios: number[];
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Runs `total` calls of `task` with `concurrency` workers in flight (each knows its index); answers calls per second. */
async function rate(total: number, concurrency: number, task: (worker: number) => Promise<void>): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      while (next < total) {
        next++;
        await task(worker);
      }
    }),
  );
  return total / ((performance.now() - started) / 1000);
}

export async function measureLoginThroughput({
  requests = 800,
  concurrency = 4,
  rounds = 10,
} = {}): Promise<ThroughputResult> {
  // The server as deployed, except for the login rate limit: the mail worker polls at the production interval, not
  // the tests' fast one.
  const server = await startTestServer({ RATE_LIMIT_LOGIN_PER_MINUTE: '1000000', MAIL_POLL_MS: '1000' });
  const email = 'bench@example.com';
  await createUser(server, { email });
  const body = JSON.stringify({ username: email, password: DEFAULT_TEST_PASSWORD });
  // The load generator shares the two cores with the server, so it must cost as little as possible per request:
  // one kept-alive socket per concurrent caller writing a request prepared once, like wrk or autocannon do.
  const target = new URL('/api/login', server.url);
  const prepared = Buffer.from(
    `POST ${target.pathname} HTTP/1.1\r\nHost: ${target.host}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nOrigin: ${server.url}\r\nConnection: keep-alive\r\n\r\n${body}`,
  );
  const clients = await Promise.all(
    Array.from({ length: concurrency }, () => KeepAliveClient.connect(target, prepared)),
  );
  try {
    const login = (worker: number) => clients[worker].send();
    const passwordHash = await hash(DEFAULT_TEST_PASSWORD, ARGON2);
    const check = async () => {
      if (!(await verify(passwordHash, DEFAULT_TEST_PASSWORD))) throw new Error('argon2 verify failed');
    };

    // Warm both paths (JIT, connection pool, the allocator's first 19 MiB blocks) before anything is timed.
    await rate(Math.min(40, requests), concurrency, login);
    await rate(Math.min(40, requests), concurrency, check);
    // The machine's speed drifts (other tenants, the allocator, clocks) by more than the difference being measured, so
    // the two sides run back to back in short rounds, in ABBA order, and the figure is the median of the rounds'
    // ratios: a burst of noise spoils one round, not the result.
    const roundCount = Math.max(2, rounds);
    const perRound = Math.max(concurrency, Math.round(requests / roundCount));
    const ratios: number[] = [];
    let loginSeconds = 0;
    let argon2Seconds = 0;
    for (let round = 0; round < roundCount; round++) {
      let argon2Rate: number;
      let loginRate: number;
      if (round % 2 === 0) {
        argon2Rate = await rate(perRound, concurrency, check);
        loginRate = await rate(perRound, concurrency, login);
      } else {
        loginRate = await rate(perRound, concurrency, login);
        argon2Rate = await rate(perRound, concurrency, check);
      }
      ratios.push(loginRate / argon2Rate);
      loginSeconds += perRound / loginRate;
      argon2Seconds += perRound / argon2Rate;
    }
    return {
      concurrency,
      requests: perRound * roundCount,
      rounds: roundCount,
      loginPerSecond: (perRound * roundCount) / loginSeconds,
      argon2PerSecond: (perRound * roundCount) / argon2Seconds,
      ratio: median(ratios),
      roundRatios: ratios,
    };
  } finally {
    for (const client of clients) client.close();
    await server.close();
  }
}

/**
 * One HTTP/1.1 connection sending the same prepared request, one at a time. It reads only what it must: the status
 * line and Content-Length, then skips the body. Any status but 200 fails the run, so a refused login is never counted.
 */
class KeepAliveClient {
  #socket: Socket;
  #buffer: Buffer = Buffer.alloc(0);
  #pending: { resolve: () => void; reject: (error: Error) => void } | null = null;
  readonly #request: Buffer;

  private constructor(socket: Socket, request: Buffer) {
    this.#socket = socket;
    this.#request = request;
    socket.on('data', (chunk) => this.#onData(chunk));
    socket.on('error', (error) => this.#settle(error));
    socket.on('close', () => this.#settle(new Error('the server closed the connection')));
  }

  static connect(url: URL, request: Buffer): Promise<KeepAliveClient> {
    return new Promise((resolve, reject) => {
      const socket = connect(Number(url.port), url.hostname, () => resolve(new KeepAliveClient(socket, request)));
      socket.setNoDelay(true);
      socket.once('error', reject);
    });
  }

  send(): Promise<void> {
    if (this.#pending) return Promise.reject(new Error('one request at a time per connection'));
    return new Promise((resolve, reject) => {
      this.#pending = { resolve, reject };
      this.#socket.write(this.#request);
    });
  }

  close() {
    this.#socket.destroy();
  }

  #onData(chunk: Buffer) {
    this.#buffer = this.#buffer.length === 0 ? chunk : Buffer.concat([this.#buffer, chunk]);
    const headerEnd = this.#buffer.indexOf('\r\n\r\n');
    if (headerEnd < 0) return;
    const head = this.#buffer.subarray(0, headerEnd).toString('latin1');
    const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1] ?? Number.NaN);
    if (!Number.isFinite(length)) return this.#settle(new Error(`login answered without Content-Length: ${head}`));
    if (this.#buffer.length < headerEnd + 4 + length) return;
    this.#buffer = this.#buffer.subarray(headerEnd + 4 + length);
    const status = head.slice(9, 12);
    this.#settle(status === '200' ? null : new Error(`login answered ${status}`));
  }

  #settle(error: Error | null) {
    const pending = this.#pending;
    this.#pending = null;
    if (!pending) return;
    if (error) pending.reject(error);
    else pending.resolve();
  }
}
