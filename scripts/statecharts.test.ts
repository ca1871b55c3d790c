// @vitest-environment jsdom
// jsdom only because mermaid's parser expects a DOM; nothing is laid out or rendered here (the browser tests do that).
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { and, assign, not, raise, setup } from 'xstate';
import { statechartRegistry } from './statecharts.registry.ts';
import { checkStatecharts } from './statecharts-docs.ts';
import { type Chart, toMermaid } from './statecharts-mermaid.ts';

interface ParsedNode {
  id: string;
  parentId?: string;
  label?: string;
  shape?: string;
  description?: string[];
}

async function parseMermaid(
  text: string,
): Promise<{ nodes: ParsedNode[]; edges: Array<{ start: string; end: string; label?: string }> }> {
  const { default: mermaid } = await import('mermaid');
  await mermaid.parse(text); // throws on a syntax error, and registers the diagram type
  const diagram = await (mermaid as any).mermaidAPI.getDiagramFromText(text);
  return diagram.db.getData();
}

// Compared verbatim: mermaid turns `#59;`-like text into placeholders that rendered state diagrams never decode, so
// any such text must show up here as a mismatch.
const decode = (s = '') => s;

/** Mermaid must read exactly the states (with their boxes, tags and invokes) and arrows the walker meant to draw. */
async function expectMermaidReads(chart: Chart) {
  const { nodes, edges } = await parseMermaid(chart.text);
  const byId = new Map(nodes.map((n) => [n.id, n]));
  // Parallel regions sit in mermaid's divider groups: skip them to find the state box around a node.
  const parentOf = (node: ParsedNode): string | null => {
    let parent = node.parentId ? byId.get(node.parentId) : undefined;
    while (parent && parent.shape === 'divider') parent = parent.parentId ? byId.get(parent.parentId) : undefined;
    return parent?.id ?? null;
  };
  expect(
    chart.states.map((s) => {
      const node = byId.get(s.alias);
      return {
        alias: s.alias,
        parent: node && parentOf(node),
        label: decode(node?.label),
        details: (node?.description ?? []).map(decode),
      };
    }),
  ).toEqual(chart.states.map((s) => ({ alias: s.alias, parent: s.parent, label: s.label, details: s.details })));
  const notes = nodes.filter((n) => n.shape === 'note').map((n) => decode(n.label).replace(/\s+/g, ' '));
  expect(notes.sort()).toEqual(chart.states.flatMap((s) => (s.note ? [s.note.replace(/\s+/g, ' ')] : [])).sort());
  const arrows = edges
    .filter((e) => !e.end.includes('----note'))
    .map((e) => `${e.start} -> ${e.end} : ${decode(e.label)}`);
  expect(arrows.sort()).toEqual(chart.edges.map((e) => `${e.from} -> ${e.to} : ${e.label}`).sort());
}

describe('committed statecharts', () => {
  it('are up to date with the registered machines (run `npm run statecharts`)', () => {
    const { stale } = checkStatecharts();
    // Printed as `node scripts/statecharts.ts --check` prints it: which file, and the diff of what changed.
    const report = stale.map((s) => `${relative(process.cwd(), s.file)} (${s.reason})\n${s.diff ?? ''}`).join('\n');
    if (report) expect.fail(`stale statecharts, run \`npm run statecharts\`:\n${report}`);
  });

  it.each(Object.entries(statechartRegistry))(
    '%s is valid stateDiagram-v2 that draws the machine',
    async (_slug, machine) => {
      await expectMermaidReads(toMermaid(machine));
    },
  );
});

describe('statechart walker', () => {
  // Every construct a flow may use: nesting, parallel regions, history, always, numeric and named delays, reenter,
  // targetless transitions, higher-order guards, a root-level transition, entry, exit and transition actions (named,
  // with params, inline, built in, and one worded in statecharts-actions.ts), and text that is Mermaid syntax.
  const kitchenSink = setup({
    types: {
      events: {} as { type: 'form.submit' } | { type: 'dialog.close' } | { type: 'a;b: {c} #d' } | { type: 'reset' },
    },
    actors: {},
    delays: { patience: 1000 },
    guards: { isReady: () => true, hasKeys: () => false },
    actions: { announce: () => {}, clearLock: () => {}, remember: (_, _params: { what: string }) => {} },
  }).createMachine({
    id: 'sink',
    description: 'Root description',
    on: { reset: '.idle' },
    initial: 'idle',
    states: {
      idle: {
        description: 'Waits; then "quotes", <angle> & {braces}: all escaped #1',
        tags: ['busy', 'error'],
        entry: ['announce', { type: 'remember', params: { what: 'idle' } }],
        exit: raise({ type: 'reset' }),
        on: {
          'form.submit': [
            { guard: and(['isReady', not('hasKeys')]), target: 'editor' },
            { target: 'idle', reenter: true, actions: 'clearLock' },
          ],
          'a;b: {c} #d': { actions: assign({}) },
        },
        after: { 1000: 'editor', patience: '#sink.editor.panes.left.history' },
      },
      editor: {
        initial: 'panes',
        states: {
          panes: {
            type: 'parallel',
            states: {
              left: {
                initial: 'open',
                states: {
                  open: { on: { 'dialog.close': 'shut' } },
                  shut: {},
                  history: { type: 'history', history: 'deep' },
                },
              },
              right: {
                initial: 'one',
                states: {
                  one: {
                    always: [
                      { guard: 'isReady', target: 'two' },
                      { target: 'two', actions: 'announce' },
                    ],
                  },
                  two: { type: 'final' },
                },
              },
            },
            onDone: 'finished',
          },
          finished: { type: 'final' },
        },
      },
    },
  });

  it('draws nested and parallel states, history, delays by name, guards and escaped text the way mermaid reads them', async () => {
    const chart = toMermaid(kitchenSink);
    await expectMermaidReads(chart);
    expect(chart.edges.map((e) => `${e.from} -> ${e.to} : ${e.label}`)).toEqual(
      expect.arrayContaining([
        's_sink -> s_sink_idle : reset',
        's_sink_idle -> s_sink_editor : form.submit [and(isReady, not(hasKeys))]',
        's_sink_idle -> s_sink_idle : form.submit [otherwise] (reenter) / end the lock',
        's_sink_idle -> s_sink_idle : a\u037eb: {c} #d / assign',
        's_sink_idle -> s_sink_editor : after 1000ms',
        's_sink_idle -> s_sink_editor_panes_left_history : after patience',
        's_sink_editor_panes_right_one -> s_sink_editor_panes_right_two : always [isReady]',
        's_sink_editor_panes_right_one -> s_sink_editor_panes_right_two : always [otherwise] / announce',
        's_sink_editor_panes -> s_sink_editor_finished : done',
      ]),
    );
    expect(chart.text).toContain('state "H*" as s_sink_editor_panes_left_history');
    // The timers behind `after` are XState's own actions: the arrows say it, the box does not repeat it.
    expect(chart.states.find((state) => state.alias === 's_sink_idle')?.details).toEqual([
      'tags busy, error',
      'entry / announce, remember',
      'exit / raise reset',
    ]);
  });
});
