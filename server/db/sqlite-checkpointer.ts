import { Worker } from 'node:worker_threads';

/**
 * WAL checkpoints for the SQLite file, on a thread of their own. SQLite's automatic checkpoint runs inside whichever
 * write happens to fill the log past 1000 pages, on the event loop, and with synchronous=NORMAL it is where the fsyncs
 * are: in the token endpoint's profile under load, the statement that triggered it cost several times an ordinary
 * insert, and the requests queued behind it waited as long (decision 0020). A second connection checkpointing in
 * PASSIVE mode never blocks the server's readers or writers; it only copies what the log holds back into the database.
 */
const CHECKPOINTER = `
const { DatabaseSync } = require('node:sqlite');
const { workerData, parentPort } = require('node:worker_threads');
const db = new DatabaseSync(workerData.path);
db.exec('PRAGMA busy_timeout = 1000');
const timer = setInterval(() => {
  try {
    db.exec('PRAGMA wal_checkpoint(PASSIVE)');
  } catch (err) {
    parentPort.postMessage({ failed: String(err && err.message) });
  }
}, workerData.intervalMs);
parentPort.on('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export interface Checkpointer {
  /** Asks the thread to close its connection and end; the last connection to close checkpoints what is left. */
  stop(): void;
}

/**
 * Starts the checkpointing thread; `onFailure` hears it when it could not run (the caller turns SQLite's automatic
 * checkpoints back on, so the log cannot grow without bound).
 */
export function startCheckpointer(path: string, intervalMs: number, onFailure: (reason: string) => void): Checkpointer {
  const worker = new Worker(CHECKPOINTER, { eval: true, workerData: { path, intervalMs } });
  // The server's life decides, not this thread's: a CLI command ends when its work does.
  worker.unref();
  let failed = false;
  const fail = (reason: string) => {
    if (failed) return;
    failed = true;
    onFailure(reason);
  };
  worker.on('message', (message: { failed?: string }) => {
    if (message.failed) fail(message.failed);
  });
  worker.on('error', (err) => fail(err.message));
  worker.on('exit', (code) => {
    if (code !== 0) fail(`checkpoint thread exited with ${code}`);
  });
  return {
    stop() {
      failed = true;
      worker.postMessage('stop');
    },
  };
}
