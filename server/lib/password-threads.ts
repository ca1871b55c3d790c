import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { hash, type Options, verify } from '@node-rs/argon2';
import { type EvalWorker, startEvalWorker } from './eval-worker.ts';

/**
 * argon2 on threads of the server's own, one per core (four at most: each hash holds 19 MiB while it runs). A job goes
 * to the thread with the fewest waiting and waits in that thread's message queue, so a thread that finishes a hash
 * starts the next at once. On libuv's pool each hash went back through the event loop before the next could start, and
 * a login bench kept the two cores busy only about nine tenths of the time (decision 0020, "Logins, second pass").
 * libuv's pool is left whole to page compression and file reads.
 */
const THREADS = Math.max(1, Math.min(availableParallelism(), 4));

/**
 * The hash threads' default nice value, below the event loop's. A thread that always has a hash to start never gives
 * its core up by itself, and at equal priority the scheduler would share a core between it and the event loop that
 * answers every other request. At 10 the event loop takes a core whenever it has work and the hashes use what it
 * leaves; with nothing else to do, they use every core. The cost: other busy processes on the machine take the same
 * precedence, and a login waits longer while they run (PASSWORD_HASH_NICE lowers it; decision 0020). Only on Linux,
 * where a nice value is per thread; elsewhere it would slow the whole process.
 */
export const DEFAULT_HASH_NICE = 10;

type Job =
  | { op: 'verify'; passwordHash: string; password: string }
  | { op: 'hash'; password: string; options: Options };

interface Reply {
  id: number;
  value?: string | boolean;
  error?: string;
}

// The worker's source (eval-worker.ts). A malformed stored hash throws in verifySync; the caller decides what it means.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const argon2 = require(workerData.modulePath);
// On Linux a thread's nice value is its own: this thread yields to the event loop whenever both want a core. Should the
// system refuse it, the thread hashes at the process's priority rather than dying on every start.
if (workerData.nice !== null) {
  try { require('node:os').setPriority(workerData.nice); } catch {}
}
parentPort.on('message', ({ id, job }) => {
  try {
    const value = job.op === 'verify' ? argon2.verifySync(job.passwordHash, job.password) : argon2.hashSync(job.password, job.options);
    parentPort.postMessage({ id, value });
  } catch (error) {
    parentPort.postMessage({ id, error: String((error && error.message) || error) });
  }
});
`;

interface Waiting {
  job: Job;
  resolve(value: string | boolean): void;
  reject(error: Error): void;
}

interface Thread {
  worker: EvalWorker;
  jobs: Map<number, Waiting>;
  /** Replaced (setNice): takes no new jobs and ends once its own are answered. */
  retiring: boolean;
}

export interface PasswordThreadsOptions {
  threads?: number;
  /** The threads' nice value on Linux (DEFAULT_HASH_NICE unless given); `setNice` changes it later. */
  nice?: number;
  /** The worker's source, given the standard one; tests give one that dies. */
  workerSource?: (standard: string) => string;
}

/** What a thread does, on libuv's pool: for the jobs of a thread that ended before answering them. */
function runOnPool(job: Job): Promise<string | boolean> {
  return job.op === 'verify' ? verify(job.passwordHash, job.password) : hash(job.password, job.options);
}

export function passwordThreads(options: PasswordThreadsOptions = {}) {
  const threads: Array<Thread | null> = Array.from({ length: options.threads ?? THREADS }, () => null);
  const modulePath = createRequire(import.meta.url).resolve('@node-rs/argon2');
  let nextId = 0;
  let nice = options.nice ?? DEFAULT_HASH_NICE;
  const threadNice = () => (process.platform === 'linux' ? nice : null);

  const start = (slot: number): Thread => {
    const jobs = new Map<number, Waiting>();
    const source = options.workerSource?.(WORKER_SOURCE) ?? WORKER_SOURCE;
    const thread: Thread = {
      jobs,
      retiring: false,
      worker: startEvalWorker<Reply>(
        source,
        { modulePath, nice: threadNice() },
        {
          message: ({ id, value, error }) => {
            const waiting = jobs.get(id);
            jobs.delete(id);
            if (jobs.size === 0) thread.worker.busy(false);
            if (jobs.size === 0 && thread.retiring) thread.worker.terminate();
            if (!waiting) return;
            if (value === undefined) waiting.reject(new Error(`argon2 failed: ${error ?? 'unknown error'}`));
            else waiting.resolve(value);
          },
          // A thread that ended (out of memory, a crash in native code): its jobs run on libuv's pool instead, so no
          // login fails for it, and the next job starts a new thread in its place.
          lost: () => {
            if (threads[slot] === thread) threads[slot] = null;
            for (const waiting of jobs.values()) runOnPool(waiting.job).then(waiting.resolve, waiting.reject);
            jobs.clear();
          },
        },
      ),
    };
    threads[slot] = thread;
    return thread;
  };

  const run = (job: Job): Promise<string | boolean> => {
    let slot = 0;
    for (let i = 1; i < threads.length; i++) {
      if ((threads[i]?.jobs.size ?? 0) < (threads[slot]?.jobs.size ?? 0)) slot = i;
    }
    const thread = threads[slot] ?? start(slot);
    const id = nextId++;
    return new Promise((resolve, reject) => {
      thread.jobs.set(id, { job, resolve, reject });
      if (thread.jobs.size === 1) thread.worker.busy(true);
      thread.worker.post({ id, job });
    });
  };

  return {
    verify: (passwordHash: string, password: string) =>
      run({ op: 'verify', passwordHash, password }) as Promise<boolean>,
    hash: (password: string, options: Options) => run({ op: 'hash', password, options }) as Promise<string>,
    /**
     * For the threads started from now on. Running ones are replaced rather than told: without a privilege a thread
     * may lower its priority but never raise it back. Each ends once the jobs it holds are answered.
     */
    setNice(value: number): void {
      if (value === nice) return;
      nice = value;
      threads.forEach((thread, slot) => {
        if (!thread) return;
        threads[slot] = null;
        thread.retiring = true;
        if (thread.jobs.size === 0) thread.worker.terminate();
      });
    },
  };
}
