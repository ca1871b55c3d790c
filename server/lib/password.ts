import type { Options } from '@node-rs/argon2';
import { passwordThreads } from './password-threads.ts';

// OWASP's argon2id minimum (19 MiB, t=2, p=1). Algorithm 2 is Argon2id; the package exports it as a const enum,
// which erasable-only TypeScript cannot reference.
const ARGON2_OPTIONS: Options = {
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
  algorithm: 2 as Options['algorithm'],
};

// One hash per core at a time, on threads of their own (password-threads.ts): that is all the CPU can run at once,
// and libuv's pool stays free for compressing pages (decision 0020).
const threads = passwordThreads();

/** The hash threads' nice value on Linux (PASSWORD_HASH_NICE): the server sets it from its config when it starts. */
export function setPasswordHashNice(nice: number): void {
  threads.setNice(nice);
}

export function hashPassword(password: string): Promise<string> {
  return threads.hash(password, ARGON2_OPTIONS);
}

/** A malformed stored hash counts as a mismatch rather than an error: the login answer must stay a 4xx. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await threads.verify(passwordHash, password);
  } catch {
    return false;
  }
}
