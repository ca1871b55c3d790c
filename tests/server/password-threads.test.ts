import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { hashSync, verify } from '@node-rs/argon2';
import { describe, expect, it, vi } from 'vitest';
import { passwordThreads } from '#server/lib/password-threads.ts';
import { createUser, loginCookie, startTestServer } from '../support/server.ts';

const run = promisify(execFile);
const moduleUrl = (path: string) => pathToFileURL(resolve(path)).href;
// The server's parameters are costly; these tests need argon2id, not its cost.
const CHEAP = { memoryCost: 1024, timeCost: 1, parallelism: 1, algorithm: 2 as const };

describe('argon2 on threads of its own', () => {
  it('hashes and verifies, a wrong password and a malformed hash included', async () => {
    const threads = passwordThreads({ threads: 2 });
    const hashed = await threads.hash('correct horse', CHEAP);
    expect(hashed).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    // The standard library accepts what the threads made, and the threads what the library made.
    expect(await verify(hashed, 'correct horse')).toBe(true);
    const results = await Promise.all([
      threads.verify(hashed, 'correct horse'),
      threads.verify(hashed, 'wrong horse'),
      threads.verify(hashSync('other', CHEAP), 'other'),
    ]);
    expect(results).toEqual([true, false, true]);
    await expect(threads.verify('not a hash', 'x')).rejects.toThrow(/argon2 failed/);
  });

  const niceOfThreads = () =>
    readdirSync('/proc/self/task').map((tid) => {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
    });

  // Hashing must not take cores from the event loop that answers everything else: the hash threads run at a lower
  // priority than the process's other threads (a Linux nice value is per thread).
  it.runIf(process.platform === 'linux')('hashes at nice 10 while the event loop keeps its priority', async () => {
    const before = niceOfThreads().filter((nice) => nice === 10).length;
    const threads = passwordThreads({ threads: 1 });
    await threads.hash('pw', CHEAP);
    expect(niceOfThreads().filter((nice) => nice === 10)).toHaveLength(before + 1);
    expect(Number(readFileSync('/proc/thread-self/stat', 'utf8').split(') ')[1]!.split(' ')[16])).toBe(0);
  });

  // PASSWORD_HASH_NICE: an operator whose machine runs other busy processes may hash at the server's own priority.
  // A thread cannot raise its priority back by itself, so the running one is replaced once its job is answered.
  it.runIf(process.platform === 'linux')('moves to another nice value, replacing the running thread', async () => {
    const at = (value: number) => niceOfThreads().filter((nice) => nice === value).length;
    const [tens, sevens] = [at(10), at(7)];
    const threads = passwordThreads({ threads: 1 });
    await threads.hash('pw', CHEAP);
    expect(at(10)).toBe(tens + 1);
    const hashed = threads.hash('held while the value changes', CHEAP);
    threads.setNice(7);
    expect(await threads.verify(await hashed, 'held while the value changes')).toBe(true);
    expect(at(7)).toBe(sevens + 1);
    await vi.waitFor(() => expect(at(10)).toBe(tens));
  });

  // The setting reaches the server's own threads: a login after start hashes at the configured value.
  it.runIf(process.platform === 'linux')("hashes a login at the server's PASSWORD_HASH_NICE", async () => {
    const server = await startTestServer({ PASSWORD_HASH_NICE: '4' });
    try {
      const user = await createUser(server, { email: 'nice@example.com' });
      expect(await loginCookie(server, user.email)).toContain('=');
      expect(niceOfThreads()).toContain(4);
    } finally {
      await server.close();
    }
  });

  // A thread that dies (out of memory, a crash in native code) must not turn the logins it held into failures.
  it("runs a dying thread's jobs on libuv's pool, and starts a new thread for the next", async () => {
    let started = 0;
    const dying = `require('node:worker_threads').parentPort.on('message', () => process.exit(3));`;
    const threads = passwordThreads({
      threads: 1,
      workerSource: () => {
        started++;
        return dying;
      },
    });
    const hashed = hashSync('secret', CHEAP);
    expect(await Promise.all([threads.verify(hashed, 'secret'), threads.verify(hashed, 'nope')])).toEqual([
      true,
      false,
    ]);
    expect(started).toBe(1);
    expect(await threads.verify(hashed, 'secret')).toBe(true);
    expect(started).toBe(2);
  });

  // The admin CLI hashes a password with nothing else keeping its process alive, and a server that closed must end
  // although its threads are idle: a thread holds the process while a job is out, and only then.
  it.each([
    [
      'two password hashes',
      `const { hashPassword } = await import(${JSON.stringify(moduleUrl('server/lib/password.ts'))});
       console.log(await hashPassword('pw'), await hashPassword('pw'));`,
    ],
    [
      'two access token signatures',
      `const { generateKeyPairSync } = await import('node:crypto');
       const { batchSigner } = await import(${JSON.stringify(moduleUrl('server/modules/oauth/batch-signer.ts'))});
       const signer = batchSigner(generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey, true);
       console.log(await signer.sign('a.b'), await signer.sign('a.c'));`,
    ],
  ])('a process awaiting %s stays for the answers, then ends by itself', async (_, script) => {
    // A script file, as the admin CLI is: started with -e instead, Node ended the process even while a worker held it.
    const file = join(mkdtempSync(join(tmpdir(), 'threads-')), 'script.mjs');
    writeFileSync(file, script);
    const started = performance.now();
    const { stdout } = await run(process.execPath, [file], { timeout: 10_000 });
    expect(stdout.trim()).not.toBe('');
    // Well before the signer's 30 s idle stop: nothing but the answers kept the process.
    expect(performance.now() - started).toBeLessThan(8_000);
  });
});
