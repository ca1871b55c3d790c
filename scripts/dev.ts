/**
 * `npm run dev`: the API server and Vite's dev server side by side. Vite proxies /api to the API (vite.config.ts reads
 * API_PORT too), so the browser talks to one origin exactly as in production.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const apiPort = process.env.API_PORT ?? '8080';
const vitePort = process.env.VITE_PORT ?? '5173';
const viteUrl = `http://localhost:${vitePort}`;

const children: ChildProcess[] = [];
let stopping = false;

function start(name: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  // process.execPath is the pinned Node 24 that runs this script, so both halves run on it too.
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: 'inherit' });
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`[dev] ${name} exited (${signal ?? code}); stopping the other one`);
    stop(signal ? 1 : (code ?? 1));
  });
  children.push(child);
  return child;
}

function stop(exitCode: number, signal: NodeJS.Signals = 'SIGTERM'): void {
  stopping = true;
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  let pending = children.filter((c) => c.exitCode === null && c.signalCode === null).length;
  if (pending === 0) process.exit(exitCode);
  for (const child of children) child.once('exit', () => --pending === 0 && process.exit(exitCode));
  // A child that ignores the signal must not keep the terminal hostage.
  setTimeout(() => process.exit(exitCode), 5000).unref();
}

start('api', ['server/index.ts'], {
  ...process.env,
  PORT: apiPort,
  // Links in mails and the same-origin check must name the origin the browser uses: Vite's.
  PUBLIC_URL: process.env.PUBLIC_URL ?? viteUrl,
  // The statechart gallery is for the people building the portal, so it is on here and off by default elsewhere.
  STATECHARTS_GALLERY: process.env.STATECHARTS_GALLERY ?? 'true',
});
start('vite', ['node_modules/vite/bin/vite.js', '--port', vitePort, '--strictPort'], {
  ...process.env,
  API_PORT: apiPort,
});

console.log(`[dev] API server  http://localhost:${apiPort}/api`);
console.log(`[dev] SPA (Vite)  ${viteUrl}/pages/login  (proxies /api to the API server)`);

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => stop(0, signal));
}
