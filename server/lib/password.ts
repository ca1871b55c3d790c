import { availableParallelism } from 'node:os';
import { hash, type Options, verify } from '@node-rs/argon2';

// OWASP's argon2id minimum (19 MiB, t=2, p=1). Algorithm 2 is Argon2id; the package exports it as a const enum,
// which erasable-only TypeScript cannot reference.
const ARGON2_OPTIONS: Options = {
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
  algorithm: 2 as Options['algorithm'],
};

/**
 * argon2 runs on libuv's thread pool (4 threads), which the server also needs for compressing pages and for file
 * reads. Under a burst of logins every thread held a hash and a page's compression queued behind them all: with 20
 * logins in flight, page loads went from 119 to 17 a second (bench/mixed-load.ts, decision 0020). One hash per core
 * is all the CPU can run at once anyway (three at most, of the pool's four), so logins lose nothing measurable (the
 * login bench's ratio was the same with and without) and the pool keeps a thread for everything else.
 */
const MAX_CONCURRENT_HASHES = Math.max(1, Math.min(availableParallelism(), 3));
let running = 0;
const waiting: Array<() => void> = [];

async function oneOfFew<T>(task: () => Promise<T>): Promise<T> {
  if (running < MAX_CONCURRENT_HASHES) running++;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await task();
  } finally {
    // The slot passes straight to the next waiting hash, if any.
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

export function hashPassword(password: string): Promise<string> {
  return oneOfFew(() => hash(password, ARGON2_OPTIONS));
}

/** A malformed stored hash counts as a mismatch rather than an error: the login answer must stay a 4xx. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await oneOfFew(() => verify(passwordHash, password));
  } catch {
    return false;
  }
}
