/**
 * `node bench/cpu-profile-summary.ts <file.cpuprofile> [requests] [top]`: a V8 CPU profile (node --cpu-prof, as
 * BENCH_CPU_PROFILE=<dir> writes for the load benches' servers) as self time per function, and per request when the
 * number of requests the process answered is given. Also self time per package (node_modules/<name>, node:internal,
 * the portal's own folders), which says more than any one function.
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

const [file, requestsArg, topArg] = process.argv.slice(2);
if (!file) throw new Error('usage: cpu-profile-summary.ts <file.cpuprofile> [requests] [top]');
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const requests = Number(requestsArg ?? 0);
const top = Number(topArg ?? 30);

const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const selfUs = new Map<number, number>();
for (const [i, id] of profile.samples.entries()) selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));

function where(url: string): string {
  if (!url) return '(native/VM)';
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (modules) return modules[1]!;
  if (url.startsWith('node:')) return url.split('/').slice(0, 2).join('/');
  const own = /\/(server|shared-domain|bench|tests)\/(.*)$/.exec(url);
  return own ? `${own[1]}/${own[2]!.split('/').slice(0, 2).join('/')}` : url;
}

const functions = new Map<string, number>();
const packages = new Map<string, number>();
let total = 0;
let idle = 0;
for (const [id, us] of selfUs) {
  const node = byId.get(id)!;
  const { functionName, url, lineNumber } = node.callFrame;
  total += us;
  if (functionName === '(idle)') {
    idle += us;
    continue;
  }
  const name = `${functionName || '(anonymous)'} ${url ? `${where(url)}:${lineNumber + 1}` : ''}`.trim();
  functions.set(name, (functions.get(name) ?? 0) + us);
  const pkg = url
    ? where(url)
        .split('/')
        .slice(0, url.includes('node_modules') ? 1 : 2)
        .join('/')
    : functionName;
  packages.set(pkg, (packages.get(pkg) ?? 0) + us);
}
const busy = total - idle;
const per = (us: number) => (requests > 0 ? `${(us / requests).toFixed(1).padStart(7)} µs/req` : '');
const line = (name: string, us: number) =>
  `${((us / busy) * 100).toFixed(1).padStart(5)} %  ${(us / 1000).toFixed(0).padStart(7)} ms ${per(us)}  ${name}`;

console.log(
  `${file}: ${(total / 1e6).toFixed(1)} s profiled, ${(busy / 1e6).toFixed(1)} s busy (${((busy / total) * 100).toFixed(0)} %)` +
    (requests > 0 ? `, ${requests} requests: ${(busy / requests).toFixed(0)} µs of CPU each` : ''),
);
console.log('\nSelf time by package or folder:');
for (const [name, us] of [...packages].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log(line(name, us));
console.log('\nSelf time by function:');
for (const [name, us] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(line(name, us));
