/**
 * Every machine comes with what architecture.md §6 and §7 promise of it: a statechart registry entry and its
 * diagram, an oracle table, model cases for `npm run paths`, a headless model suite and a model suite through the
 * view. A new machines/<flow>/<flow>.machine.ts fails here, naming what it lacks, until it has them all.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { flowModelCases } from '#machines/model-cases.ts';
import { flowOracles } from '#machines/oracles.ts';
import { statechartRegistry } from '#scripts/statecharts.registry.ts';

const root = join(import.meta.dirname, '../..');

/**
 * Machines whose view suite is not their own page's `src/flows/<flow>/<flow>-page.test.tsx`, each with why; `file:
 * null` for a machine no page shows (none today: such a machine would need its reason here).
 */
const viewSuiteExceptions: Record<string, { file: string | null; reason: string }> = {
  'session-check': {
    file: 'src/flows/main/main-page.test.tsx',
    reason: 'it has no page: the signed-in shell runs it, and the main page is where a reader meets it',
  },
  'create-grant': {
    file: 'src/flows/credentials/create-grant-dialog.test.tsx',
    reason: 'it is the credentials page’s dialog, tested as that dialog',
  },
};

const flows = readdirSync(join(root, 'machines'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join(root, 'machines', entry.name, `${entry.name}.machine.ts`)))
  .map((entry) => entry.name)
  .sort();

const isMachine = (value: unknown): value is AnyStateMachine =>
  typeof value === 'object' && value !== null && 'root' in value && 'id' in value;

/** The machine a flow's module exports, and the name it exports it under. */
async function machineOf(flow: string): Promise<{ name: string; machine: AnyStateMachine }> {
  const module = (await import(`#machines/${flow}/${flow}.machine.ts`)) as Record<string, unknown>;
  const [name, machine] = Object.entries(module).find(([, value]) => isMachine(value)) ?? [];
  if (!name) throw new Error(`machines/${flow}/${flow}.machine.ts exports no machine`);
  return { name, machine: machine as AnyStateMachine };
}

/** The suite file exists and hands the machine to the model harness (directly or through signup's shared suite). */
function suiteProblem(what: string, file: string, machineName: string): string | null {
  const path = join(root, file);
  if (!existsSync(path)) return `no ${what} (${file})`;
  const calls = new RegExp(`\\b(describeModel|describeSignupMachine)(<[^>]*>)?\\(\\s*${machineName}\\b`);
  return calls.test(readFileSync(path, 'utf8')) ? null : `${file} does not run describeModel(${machineName}, …)`;
}

function problemsOf(flow: string, name: string, machine: AnyStateMachine): string[] {
  const exception = viewSuiteExceptions[flow];
  const viewFile = exception ? exception.file : `src/flows/${flow}/${flow}-page.test.tsx`;
  const problems = [
    machine.id === flow ? null : `the machine's id is '${machine.id}', not the flow's slug`,
    statechartRegistry[flow] === machine ? null : 'no entry in scripts/statecharts.registry.ts',
    existsSync(join(root, `docs/statecharts/${flow}.md`)) ? null : `no diagram (docs/statecharts/${flow}.md)`,
    existsSync(join(root, `machines/${flow}/${flow}.oracle.ts`))
      ? null
      : `no oracle table (machines/${flow}/${flow}.oracle.ts)`,
    flowOracles[flow] ? null : 'no oracle registered in machines/oracles.ts',
    flowModelCases[flow] ? null : 'no model cases in machines/model-cases.ts (npm run paths)',
    suiteProblem('headless suite', `machines/${flow}/${flow}.model.test.ts`, name),
    viewFile === null ? null : suiteProblem('view suite', viewFile, name),
  ];
  return problems.filter((p): p is string => p !== null);
}

describe('every machine has its diagram, oracle, model cases and both model suites', () => {
  it('finds the machines', () => {
    expect(flows).toContain('login');
    expect(flows.length).toBeGreaterThanOrEqual(Object.keys(statechartRegistry).length);
  });

  for (const flow of flows) {
    it(flow, async () => {
      const { name, machine } = await machineOf(flow);
      expect(problemsOf(flow, name, machine)).toEqual([]);
    });
  }

  it('keeps no exception a machine no longer needs', () => {
    const stale = Object.entries(viewSuiteExceptions)
      .filter(
        ([flow, { reason }]) =>
          !flows.includes(flow) || existsSync(join(root, `src/flows/${flow}/${flow}-page.test.tsx`)) || !reason,
      )
      .map(([flow]) => flow);
    expect(stale).toEqual([]);
  });

  it('names what a machine without them lacks', async () => {
    const { machine } = await machineOf('login');
    // A machine of a flow that has nothing of its own: every promise broken, each named.
    expect(problemsOf('no-such-flow', 'loginMachine', machine)).toEqual([
      "the machine's id is 'login', not the flow's slug",
      'no entry in scripts/statecharts.registry.ts',
      'no diagram (docs/statecharts/no-such-flow.md)',
      'no oracle table (machines/no-such-flow/no-such-flow.oracle.ts)',
      'no oracle registered in machines/oracles.ts',
      'no model cases in machines/model-cases.ts (npm run paths)',
      'no headless suite (machines/no-such-flow/no-such-flow.model.test.ts)',
      'no view suite (src/flows/no-such-flow/no-such-flow-page.test.tsx)',
    ]);
    // A suite that does not hand the machine to the harness is no suite of it.
    expect(problemsOf('login', 'logoutMachine', machine)).toEqual([
      'machines/login/login.model.test.ts does not run describeModel(logoutMachine, …)',
      'src/flows/login/login-page.test.tsx does not run describeModel(logoutMachine, …)',
    ]);
  });
});
