/**
 * A machine's generated paths as a test plan (architecture.md §6): the same exploration as its model tests
 * (tests/support/model-graph.ts over the flow's entry in machines/model-cases.ts), as data and as Markdown a tester
 * can follow by hand. Each path keeps the id its tests carry in both layers. Pure: paths.ts writes the files.
 */
import type { AnyMachineSnapshot, AnyStateMachine, AnyStateNode } from 'xstate';
import { getStateNodes } from 'xstate/graph';
import { defaultDescribeEvent, type ExploreOptions, exploreModel, type ModelPath } from '#tests/support/model-graph.ts';
import type { FlowOracle, OracleState } from '#tests/support/model-oracle.ts';

export interface PlanStep {
  /** The event in words; the first step of a path is opening the flow. */
  words: string;
  event: unknown;
  /** The active leaf states, keyed like the model tests' `states` ('a.b' from the root). */
  states: string[];
  status: string;
  tags: string[];
  /** What the guards read of the context here (the model's serialization), which the tests hold the page to. */
  model: unknown;
  /** The transitions this step took, with their guards: why the machine went where it went. */
  transitions: string[];
}

export interface PlanPath {
  id: string;
  /** The test's name in both layers. */
  name: string;
  input: { label: string; value: unknown };
  /** The states the path ends in, as `states` above: the plan's groups. */
  reaches: string;
  steps: PlanStep[];
}

export interface PlanState {
  key: string;
  type: string;
  description: string | null;
  tags: string[];
  /** What the flow's oracle table (machines/<flow>/<flow>.oracle.ts) says the state does with each event. */
  accepts: string[];
  ignores: readonly string[] | string;
}

export interface TestPlan {
  machine: string;
  description: string | null;
  source: string;
  states: PlanState[];
  paths: PlanPath[];
}

/** JSON that keeps an error's name, message and own fields (an ApiError's status and body). */
function plain(value: unknown): unknown {
  return JSON.parse(
    JSON.stringify(value ?? null, (_key, v) =>
      v instanceof Error ? { name: v.name, message: v.message, ...Object.fromEntries(Object.entries(v)) } : v,
    ),
  );
}

const code = (text: string) => `\`${text.replaceAll('`', "'")}\``;
const keyOf = (node: AnyStateNode) => node.path.join('.');
const leaves = (snapshot: AnyMachineSnapshot) =>
  (snapshot._nodes as AnyStateNode[]).filter((n) => n.type === 'atomic' || n.type === 'final').map(keyOf);

function modelOf(explore: ExploreOptions, snapshot: AnyMachineSnapshot): unknown {
  if (explore.serializeContext) return plain(explore.serializeContext(snapshot.context));
  if (explore.serialize) return plain(explore.serialize(snapshot));
  return null;
}

function planPath(path: ModelPath, explore: ExploreOptions): PlanPath {
  const describeEvent = explore.describeEvent ?? defaultDescribeEvent;
  const steps = path.steps.map((step, index) => ({
    words: index === 0 ? `open the page${path.label ? ` (${path.label})` : ''}` : describeEvent(step.event),
    event: plain(step.event),
    states: leaves(step.snapshot),
    status: step.snapshot.status,
    tags: [...step.snapshot.tags].sort(),
    model: modelOf(explore, step.snapshot),
    transitions: step.transitions.map((t) => t.key),
  }));
  return {
    id: path.id,
    name: path.description,
    input: { label: path.label, value: plain(path.input) },
    reaches: steps.at(-1)!.states.join(', '),
    steps,
  };
}

/** The oracle's entry for a node: its keys are the model tests' ('a.b' from the root, or '#id'). */
function oracleEntry(oracle: FlowOracle | undefined, node: AnyStateNode) {
  const names = (key: string) => (key.startsWith('#') ? node.id === key.slice(1) : key === keyOf(node));
  return Object.entries(oracle?.states ?? {}).find(([key]) => names(key))?.[1];
}

const rowWords = ({ event, when, to, reenter }: OracleState['accepts'][number]) =>
  `${code(event)}${when === 'otherwise' ? ' otherwise' : when ? ` when ${when}` : ''} → ${to ? code(to) : '(stays)'}${reenter ? ' (re-entered)' : ''}`;

/**
 * The plan of one machine, explored with its model cases (`source` names the file they come from), with what its
 * oracle table says each state accepts and ignores.
 */
export function buildPlan(
  machine: AnyStateMachine,
  explore: ExploreOptions,
  source: string,
  oracle?: FlowOracle,
): TestPlan {
  const { paths } = exploreModel(machine, explore);
  return {
    machine: machine.id,
    description: machine.root.description ?? null,
    source,
    states: getStateNodes(machine.root).map((node) => {
      const entry = oracleEntry(oracle, node);
      return {
        key: keyOf(node),
        type: node.type,
        description: node.description ?? null,
        tags: [...node.tags].sort(),
        accepts: entry?.accepts.map(rowWords) ?? [],
        ignores: entry?.ignores ?? [],
      };
    }),
    paths: paths.map((path) => planPath(path, explore)),
  };
}

function stateLines(s: PlanState): string[] {
  const kind = s.type === 'atomic' ? '' : ` (${s.type})`;
  const tags = s.tags.length ? ` [${s.tags.join(', ')}]` : '';
  const ignores = typeof s.ignores === 'string' ? s.ignores : s.ignores.map(code).join(', ');
  return [
    `- ${code(s.key)}${kind}${tags}${s.description ? `: ${s.description}` : ''}`,
    ...s.accepts.map((row) => `  - on ${row}`),
    ...(ignores ? [`  - ignores ${ignores}`] : []),
  ];
}

function stepLine(step: PlanStep, index: number, previous: PlanStep | undefined): string[] {
  const where = step.states.map(code).join(', ');
  const marks = [...step.tags, ...(step.status === 'active' ? [] : [step.status])];
  const lines = [`${index + 1}. ${step.words} → ${where}${marks.length ? ` (${marks.join(', ')})` : ''}`];
  const model = JSON.stringify(step.model);
  // Only what changed, so a long path stays readable.
  if (step.model !== null && model !== JSON.stringify(previous?.model)) lines.push(`   - holds ${code(model)}`);
  for (const transition of step.transitions) lines.push(`   - via ${code(transition)}`);
  return lines;
}

/** The plan for a reader: what each state is, then every path grouped by the state it ends in. */
export function planMarkdown(plan: TestPlan): string {
  const lines = [
    `# Test plan: ${plan.machine}`,
    '',
    ...(plan.description ? [plan.description, ''] : []),
    `${plan.paths.length} paths, generated by \`npm run paths\` from ${code(plan.source)} (do not edit).` +
      ' Each is a test of the headless suite and of the view suite with the same id: `npx vitest run -t <id>`' +
      ' runs both. A step reads: what the reader does or the server answers → the state the page must then show' +
      ' (its tags); "holds" is what changed of what the machine decides by (its model tests\' serialization), "via"' +
      " the transition taken, with its guard. Under States, what the flow's oracle table says each state does with" +
      ' every event; the tests send every ignored one and check that it changes nothing.',
    '',
    '## States',
    '',
    ...plan.states.flatMap(stateLines),
  ];
  const groups = new Map<string, PlanPath[]>();
  for (const path of plan.paths) groups.set(path.reaches, [...(groups.get(path.reaches) ?? []), path]);
  for (const [reaches, paths] of groups) {
    lines.push('', `## Ends in ${reaches.split(', ').map(code).join(', ')} (${paths.length})`);
    for (const path of paths) {
      lines.push('', `### ${path.id}`, '', `Start: ${code(JSON.stringify(path.input.value))}`, '');
      path.steps.forEach((step, i) => {
        lines.push(...stepLine(step, i, path.steps[i - 1]));
      });
    }
  }
  return `${lines.join('\n')}\n`;
}

/** The index of a folder of plans. */
export function plansIndex(plans: readonly TestPlan[]): string {
  return [
    '# Test plans',
    '',
    'Generated by `npm run paths` from the model cases of every machine (machines/model-cases.ts); docs/architecture.md §6.',
    '',
    '| Machine | Paths | Plan | Data |',
    '|---|---|---|---|',
    ...plans.map(
      (p) =>
        `| ${p.machine} | ${p.paths.length} | [${p.machine}.md](${p.machine}.md) | [${p.machine}.json](${p.machine}.json) |`,
    ),
    '',
  ].join('\n');
}
