/**
 * `npm run statecharts` regenerates docs/statecharts (statecharts-docs.ts: a `<slug>.md` for every machine of
 * statecharts.registry.ts, and the README's list of flows); `node scripts/statecharts.ts --check` writes nothing and
 * exits 1 naming every stale, missing or orphaned file, with the diff from what is committed to what it should be.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { compileLinguiMacros } from './statecharts-lingui.ts';

// Before the legends are imported: they read the message tables, which are written with Lingui's macros.
compileLinguiMacros();
const { checkStatecharts, statechartsDir } = await import('./statecharts-docs.ts');

function main(args: string[]) {
  const { fresh, stale } = checkStatecharts();
  const show = (file: string) => relative(process.cwd(), file);
  if (args.includes('--check')) {
    for (const { file, reason, diff } of stale) {
      console.error(`stale statechart: ${show(file)} (${reason})`);
      if (diff) console.error(diff);
    }
    if (stale.length) {
      console.error('Run `npm run statecharts` (and remove orphaned files or register their machines).');
      process.exitCode = 1;
    }
    return;
  }
  mkdirSync(statechartsDir, { recursive: true });
  for (const { file, text } of fresh) {
    writeFileSync(file, text);
    console.log(`wrote ${show(file)}`);
  }
  for (const { file, reason } of stale)
    if (reason === 'orphaned') console.warn(`orphaned: ${show(file)} (no machine registered)`);
}

main(process.argv.slice(2));
