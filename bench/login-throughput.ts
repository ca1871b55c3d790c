/**
 * Login throughput against its baseline, both measured in this run: POST /api/login on a real server (HTTP over
 * loopback, session written, cookies set) versus raw argon2id verifications of the same hash at the same concurrency.
 * argon2 is the login's designed cost (design.md §5), so the ratio shows how much everything else costs on top.
 */
import { Agent, request } from 'node:http';
import { hash, verify, type Options } from '@node-rs/argon2';
import { createUser, DEFAULT_TEST_PASSWORD, startTestServer } from '../tests/support/server.ts';

// The server's parameters (server/lib/password.ts): OWASP argon2id, 19 MiB, t=2, p=1. Algorithm 2 is Argon2id.
const ARGON2: Options = { memoryCost: 19456, timeCost: 2, parallelism: 1, algorithm: 2 as Options['algorithm'] };

export interface ThroughputResult {
  concurrency: number;
  requests: number;
  loginPerSecond: number;
  argon2PerSecond: number;
  ratio: number;
}

/** Runs `total` calls of `task` with `concurrency` in flight; answers calls per second. */
async function rate(total: number, concurrency: number, task: () => Promise<void>): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next++;
        await task();
      }
    }),
  );
  return total / ((performance.now() - started) / 1000);
}

export async function measureLoginThroughput({ requests = 400, concurrency = 4 } = {}): Promise<ThroughputResult> {
  const server = await startTestServer({ RATE_LIMIT_LOGIN_PER_MINUTE: '1000000' });
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  try {
    const email = 'bench@example.com';
    await createUser(server, { email });
    const body = JSON.stringify({ username: email, password: DEFAULT_TEST_PASSWORD });
    // The load generator shares the two cores with the server: node:http with kept-alive sockets costs a fraction of
    // fetch's per-request CPU, so the figure is the server's, not the client's.
    const target = new URL('/api/login', server.url);
    const headers = {
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(body)),
      origin: server.url,
    };
    const login = () =>
      new Promise<void>((resolve, reject) => {
        const req = request(target, { method: 'POST', agent, headers }, (res) => {
          res.resume();
          res.on('error', reject);
          res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`login answered ${res.statusCode}`))));
        });
        req.on('error', reject);
        req.end(body);
      });
    const passwordHash = await hash(DEFAULT_TEST_PASSWORD, ARGON2);
    const check = async () => {
      if (!(await verify(passwordHash, DEFAULT_TEST_PASSWORD))) throw new Error('argon2 verify failed');
    };

    // Warm both paths (JIT, connection pool, the allocator's first 19 MiB blocks) before anything is timed.
    await rate(Math.min(40, requests), concurrency, login);
    await rate(Math.min(40, requests), concurrency, check);
    // Alternate the two measurements in rounds so drift on a shared machine hits both alike.
    const rounds = 4;
    const perRound = Math.max(concurrency, Math.round(requests / rounds));
    let loginSeconds = 0;
    let argon2Seconds = 0;
    for (let round = 0; round < rounds; round++) {
      argon2Seconds += perRound / (await rate(perRound, concurrency, check));
      loginSeconds += perRound / (await rate(perRound, concurrency, login));
    }
    const loginPerSecond = (perRound * rounds) / loginSeconds;
    const argon2PerSecond = (perRound * rounds) / argon2Seconds;
    return { concurrency, requests, loginPerSecond, argon2PerSecond, ratio: loginPerSecond / argon2PerSecond };
  } finally {
    agent.destroy();
    await server.close();
  }
}
