/**
 * The servers of the load benches each run in a process of their own, so each has a whole event loop and the load
 * generator (this process) is not billed to any of them. A child announces itself with one marked line on stdout and
 * ends when its stdin closes, so a bench that dies takes its servers with it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { writeFileSync } from 'node:fs';
import { type Profiler, Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const PROFILE_FILE = 'BENCH_CHILD_CPU_PROFILE';

// The portal logs JSON lines to stdout too, so the announcement is marked.
const READY = 'bench-ready ';

export interface Child<Info> {
  info: Info;
  pid: number;
  /** Resident set size now, in bytes (Linux /proc), or NaN where that cannot be read. */
  rss(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Runs `script` with Node's own binary. `BENCH_CPU_PROFILE=<dir>` makes each child write a V8 CPU profile there, of
 * the time from its announcement to its end: the load, without the start-up's module loading.
 */
export async function startChild<Info>(
  script: string,
  env: Record<string, string | undefined> = {},
  name = script,
): Promise<Child<Info>> {
  const profileDir = process.env.BENCH_CPU_PROFILE;
  const profileFile = profileDir
    ? join(profileDir, `${name.replace(/\W+/g, '-')}-${Date.now()}.cpuprofile`)
    : undefined;
  const child = spawn(process.execPath, [new URL(script, import.meta.url).pathname], {
    env: { ...process.env, BENCH_CPU_PROFILE: undefined, [PROFILE_FILE]: profileFile, ...env },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  // Anything else the child prints (its log lines at warn and above) is passed on, not lost.
  const info = await new Promise<Info>((resolve, reject) => {
    lines.on('line', (line) => {
      if (line.startsWith(READY)) resolve(JSON.parse(line.slice(READY.length)) as Info);
      else console.error(`[${name}] ${line}`);
    });
    child.once('exit', (code) => reject(new Error(`${name} exited with ${code} before it was ready`)));
  });
  return {
    info,
    pid: child.pid!,
    rss: () => rssOf(child),
    stop: () => stopChild(child),
  };
}

async function rssOf(child: ChildProcess): Promise<number> {
  try {
    const { readFile } = await import('node:fs/promises');
    const status = await readFile(`/proc/${child.pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1];
    return kb ? Number(kb) * 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.stdin?.end();
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

/** For the child: print what the parent needs, then close down when the parent lets go of stdin. */
export async function announce(info: unknown, close: () => Promise<void>): Promise<void> {
  const profile = await startProfile();
  process.stdout.write(`${READY}${JSON.stringify(info)}\n`);
  let closing = false;
  const end = () => {
    if (closing) return;
    closing = true;
    profile()
      .then(close)
      .then(
        () => process.exit(0),
        (err: unknown) => {
          console.error(err);
          process.exit(1);
        },
      );
  };
  process.stdin.on('end', end);
  process.stdin.on('close', end);
  process.stdin.resume();
  process.on('SIGTERM', end);
  process.on('SIGINT', end);
}

/** Starts V8's sampling profiler when the parent asked for a profile; the answer stops it and writes the file. */
async function startProfile(): Promise<() => Promise<void>> {
  const file = process.env[PROFILE_FILE];
  if (!file) return async () => undefined;
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return async () => {
    const { profile } = (await session.post('Profiler.stop')) as Profiler.StopReturnType;
    writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
  };
}
