import { type KeyObject, sign } from 'node:crypto';
import { type EvalWorker, startEvalWorker } from '#server/lib/eval-worker.ts';

/**
 * Signs JWS inputs on a worker thread of its own, a batch at a time: every input that reached the signer in one turn
 * of the event loop goes over in one message and comes back in one. Handing each token to libuv's pool on its own
 * cost the event loop a job, a thread wake-up and a completion for every token, more than the rest of a
 * client_credentials request's own work (decision 0021); a batch pays for that once. The worker holds a copy of the
 * key object (key objects are cloned into workers, never exported) and answers each signature as base64url, ES256 in
 * JWS's r||s form (RFC 7518 §3.4).
 */
export interface BatchSigner {
  sign(input: string): Promise<string>;
}

/** A DER ECDSA signature as JWS's r||s (RFC 7518 §3.4), each integer `size` bytes. Also the worker's, as source. */
function p1363(der: Buffer, size: number): Buffer {
  const out = Buffer.alloc(size * 2);
  let offset = 2;
  for (let part = 0; part < 2; part++) {
    const length = der[offset + 1];
    let value = der.subarray(offset + 2, offset + 2 + length);
    while (value.length > size && value[0] === 0) value = value.subarray(1);
    value.copy(out, part * size + (size - value.length));
    offset += 2 + length;
  }
  return out;
}

// The worker's source (eval-worker.ts). p1363 is this module's own function, as the source the runtime holds (types
// already stripped).
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { sign } = require('node:crypto');
const { key, ieee } = workerData;
const p1363 = ${p1363.toString()};
parentPort.on('message', ({ id, inputs }) => {
  const signatures = [];
  let error = null;
  for (const input of inputs) {
    try {
      const signed = sign('sha256', Buffer.from(input), key);
      signatures.push((ieee ? p1363(signed, 32) : signed).toString('base64url'));
    } catch (err) {
      signatures.push(null);
      error = String(err && err.message || err);
    }
  }
  parentPort.postMessage({ id, signatures, error });
});
`;

/** What the worker does, on the calling thread: for the batches of a worker that died before answering them. */
function signHere(key: KeyObject, ieee: boolean, input: string): string {
  const signed = sign('sha256', Buffer.from(input), key);
  return (ieee ? p1363(signed, 32) : signed).toString('base64url');
}

interface Waiting {
  resolve(signature: string): void;
  reject(error: Error): void;
}

type Queued = { input: string } & Waiting;

interface Reply {
  id: number;
  signatures: Array<string | null>;
  error: string | null;
}

/** A signer with nothing to do lets its thread go after this long, and starts one again at its next token. */
const IDLE_MS = 30_000;

export interface BatchSignerOptions {
  /** The worker's source, given the standard one; tests count the workers started, or give one that dies. */
  workerSource?: (standard: string) => string;
  /** How long a worker with nothing to do is kept (IDLE_MS). */
  idleMs?: number;
}

export function batchSigner(key: KeyObject, ieeeP1363: boolean, options: BatchSignerOptions = {}): BatchSigner {
  let current: { worker: EvalWorker; inFlight: Map<number, Array<Queued>> } | null = null;
  let queued: Queued[] = [];
  let nextId = 0;
  let flushScheduled = false;
  let idle: NodeJS.Timeout | null = null;

  const start = () => {
    const source = options.workerSource?.(WORKER_SOURCE) ?? WORKER_SOURCE;
    // Each worker answers for its own batches only, so one that ends never fails another's.
    const inFlight = new Map<number, Queued[]>();
    const self = {
      inFlight,
      worker: startEvalWorker<Reply>(
        source,
        { key, ieee: ieeeP1363 },
        {
          message: ({ id, signatures, error }) => {
            const batch = inFlight.get(id);
            inFlight.delete(id);
            if (inFlight.size === 0) self.worker.busy(false);
            batch?.forEach((waiting, i) => {
              const signature = signatures[i];
              if (signature) waiting.resolve(signature);
              else waiting.reject(new Error(`signing failed: ${error ?? 'unknown error'}`));
            });
            if (inFlight.size === 0 && current === self) {
              if (idle) clearTimeout(idle);
              idle = setTimeout(() => {
                idle = null;
                if (current === self && inFlight.size === 0) {
                  current = null;
                  self.worker.terminate();
                }
              }, options.idleMs ?? IDLE_MS);
              idle.unref();
            }
          },
          // A worker that died before answering: its batches are signed here, on the event loop (slower, but no
          // request fails for it), and the next token starts a new worker.
          lost: () => {
            if (current === self) current = null;
            for (const batch of inFlight.values()) {
              for (const waiting of batch) {
                try {
                  waiting.resolve(signHere(key, ieeeP1363, waiting.input));
                } catch (err) {
                  waiting.reject(err instanceof Error ? err : new Error(String(err)));
                }
              }
            }
            inFlight.clear();
          },
        },
      ),
    };
    return self;
  };

  const flush = () => {
    flushScheduled = false;
    const batch = queued;
    queued = [];
    if (batch.length === 0) return;
    if (idle) clearTimeout(idle);
    idle = null;
    current ??= start();
    const id = nextId++;
    current.inFlight.set(id, batch);
    if (current.inFlight.size === 1) current.worker.busy(true);
    current.worker.post({ id, inputs: batch.map((b) => b.input) });
  };

  return {
    sign(input) {
      return new Promise((resolve, reject) => {
        queued.push({ input, resolve, reject });
        if (!flushScheduled) {
          flushScheduled = true;
          // After the poll phase, so every request this turn of the loop brought is in the batch.
          setImmediate(flush);
        }
      });
    },
  };
}
