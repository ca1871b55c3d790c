/**
 * `npm run paths` writes every machine's generated paths as test plans (paths-plan.ts): `<machine>.md` to follow by
 * hand, `<machine>.json` for tools, and an index, into test-plans/ (gitignored). No Vitest: it explores each machine
 * with the model cases its headless test spreads (machines/model-cases.ts), so the ids are those of the tests.
 *
 *   npm run paths                          every machine, into test-plans/
 *   npm run paths -- --out /tmp/plans login recover
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { flowModelCases } from '#machines/model-cases.ts';
import { flowOracles } from '#machines/oracles.ts';
import { buildPlan, planMarkdown, plansIndex } from './paths-plan.ts';
import { statechartRegistry } from './statecharts.registry.ts';

/** The file a machine's cases come from: its own flow's, except the invited signup, which shares signup's. */
const sourceOf = (machine: string) =>
  machine === 'signup-invited'
    ? 'machines/signup/signup.model-cases.ts'
    : `machines/${machine}/${machine}.model-cases.ts`;

function main(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    options: { out: { type: 'string', default: 'test-plans' } },
    allowPositionals: true,
  });
  const unknown = positionals.filter((name) => !flowModelCases[name]);
  if (unknown.length) {
    console.error(`No model cases for ${unknown.join(', ')}; known: ${Object.keys(flowModelCases).join(', ')}`);
    process.exitCode = 1;
    return;
  }
  const names = positionals.length ? positionals : Object.keys(flowModelCases);
  const out = resolve(values.out);
  mkdirSync(out, { recursive: true });
  const plans = names.map((name) => {
    const machine = statechartRegistry[name];
    if (!machine) throw new Error(`${name} has model cases but no machine in scripts/statecharts.registry.ts`);
    const plan = buildPlan(machine, flowModelCases[name], sourceOf(name), flowOracles[name]);
    writeFileSync(join(out, `${name}.json`), `${JSON.stringify(plan, null, 2)}\n`);
    writeFileSync(join(out, `${name}.md`), planMarkdown(plan));
    return plan;
  });
  writeFileSync(join(out, 'README.md'), plansIndex(plans));
  const total = plans.reduce((sum, plan) => sum + plan.paths.length, 0);
  console.log(`${total} paths of ${plans.length} machines written to ${relative(process.cwd(), out) || '.'}/`);
}

main(process.argv.slice(2));
