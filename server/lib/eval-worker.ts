import { Worker } from 'node:worker_threads';

export interface EvalWorker {
  post(message: unknown): void;
  busy(awaiting: boolean): void;
  terminate(): void;
}

export interface EvalWorkerHandlers<Reply> {
  message(reply: Reply): void;
  /** The worker ended or failed; may be called twice (an error, then the exit). */
  lost(): void;
}

/**
 * A worker thread running `source`, CommonJS evaluated as is, so that it runs the same from source, from a bundle and
 * under test runners. Idle, it never keeps the process alive: it is unref'd after its listeners, since adding a 'message'
 * listener refs a worker again, and an idle helper thread must not hold its process open after everything else
 * closed. `busy(true)` while an answer is awaited keeps the process alive for it (a CLI awaiting a hash has nothing else
 * keeping it alive), `busy(false)` when none is.
 */
export function startEvalWorker<Reply>(
  source: string,
  workerData: unknown,
  handlers: EvalWorkerHandlers<Reply>,
): EvalWorker {
  const worker = new Worker(source, { eval: true, workerData });
  worker.on('message', handlers.message);
  worker.on('error', handlers.lost);
  worker.on('exit', handlers.lost);
  worker.unref();
  return {
    post: (message) => worker.postMessage(message),
    busy: (awaiting) => (awaiting ? worker.ref() : worker.unref()),
    terminate: () => void worker.terminate(),
  };
}
