/**
 * Walks `machine.root` and writes Mermaid `stateDiagram-v2` (architecture.md §7). Besides the text it returns the
 * diagram it meant to draw (states with their parents, edges with their labels), so a test can parse the text with
 * mermaid and check that mermaid read the same diagram.
 */
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import { describeGuard } from '#tests/support/model-coverage.ts';
import { describeAction } from './statecharts-actions.ts';

/** Texts are as displayed, after `escapeMermaid`. */
export interface ChartState {
  alias: string;
  /** Alias of the enclosing state, or null at the top. */
  parent: string | null;
  label: string;
  /** Lines shown inside the box: tags, invoked actors, entry and exit actions. */
  details: string[];
  note: string | null;
}

export interface ChartEdge {
  from: string;
  to: string;
  label: string;
}

export interface Chart {
  text: string;
  states: ChartState[];
  edges: ChartEdge[];
}

/**
 * Text as mermaid will show it. Its `#59;` entities stay undecoded in rendered state diagrams (mermaid 12), and any
 * entity carries a `;`, which ends a statement even inside an arrow label; so the few characters that are syntax get
 * look-alikes instead: `;` → U+037E, `<` `>` → ‹ ›, `"` → ', `%%` (a comment) → % %.
 */
export function escapeMermaid(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .replace(/;/g, '\u037e')
    .replace(/</g, '‹')
    .replace(/>/g, '›')
    .replace(/"/g, "'")
    .replace(/%%/g, '% %')
    .trim();
}

/** Product-readable event names: invoke completions by invoke id, delays by their name in `setup({ delays })`. */
function describeEvent(t: AnyTransitionDefinition): string {
  const type = t.eventType;
  const delay = (t as { delay?: string | number }).delay;
  if (type === '') return 'always';
  if (delay !== undefined) return typeof delay === 'number' ? `after ${delay}ms` : `after ${delay}`;
  let m = /^xstate\.(done|error)\.actor\.(.+)$/.exec(type);
  if (m) return `${m[2]} ${m[1]}`;
  m = /^xstate\.snapshot\.(.+)$/.exec(type);
  if (m) return `${m[1]} snapshot`;
  if (type.startsWith('xstate.done.state.')) return 'done';
  return type;
}

/** `a, b` for the actions a reader is shown, or '' when there are none. */
function describeActions(actions: readonly unknown[] | undefined): string {
  return (actions ?? [])
    .map(describeAction)
    .filter((words): words is string => words !== null)
    .join(', ');
}

/**
 * UML's `event [guard] / actions`. An unguarded transition listed after guarded ones for the same event is taken
 * only when none of them holds: it says `[otherwise]`, or it would read as if it were taken every time.
 */
function describeTransitionLabel(t: AnyTransitionDefinition, otherwise: boolean): string {
  const guard = describeGuard(t.guard) ?? (otherwise ? 'otherwise' : undefined);
  const actions = describeActions(t.actions);
  return `${describeEvent(t)}${guard ? ` [${guard}]` : ''}${t.reenter ? ' (reenter)' : ''}${actions ? ` / ${actions}` : ''}`;
}

export function toMermaid(machine: AnyStateMachine): Chart {
  const root = machine.root as AnyStateNode;
  const aliases = new Map<AnyStateNode, string>();
  const used = new Set<string>();
  const aliasOf = (node: AnyStateNode): string => {
    let alias = aliases.get(node);
    if (alias) return alias;
    const base = `s_${node.id.replace(/[^A-Za-z0-9_]/g, '_')}`;
    alias = base;
    for (let i = 2; used.has(alias); i++) alias = `${base}_${i}`;
    used.add(alias);
    aliases.set(node, alias);
    return alias;
  };
  const states: ChartState[] = [];
  const edges: ChartEdge[] = [];
  const lines: string[] = ['stateDiagram-v2'];
  // Only a root with transitions of its own needs a box to start them from.
  const rootTransitions = [...root.transitions.values()].flat().concat(root.always ?? []);
  const top = rootTransitions.length ? [root] : Object.values(root.states as Record<string, AnyStateNode>);

  const declare = (node: AnyStateNode, parent: string | null, indent: string) => {
    const alias = aliasOf(node);
    const label = escapeMermaid(
      node.type === 'history' ? (node.history === 'deep' ? 'H*' : 'H') : node === root ? machine.id : node.key,
    );
    const details = [
      ...(node.tags.length ? [`tags ${node.tags.join(', ')}`] : []),
      ...node.invoke.map((inv: { id: string }) => `invoke ${inv.id}`),
      ...(describeActions(node.entry) ? [`entry / ${describeActions(node.entry)}`] : []),
      ...(describeActions(node.exit) ? [`exit / ${describeActions(node.exit)}`] : []),
    ].map(escapeMermaid);
    // One line: mermaid wraps notes itself, and hard breaks on top of its own read badly.
    const note = node.description && node !== root ? escapeMermaid(node.description) : null;
    states.push({ alias, parent, label, details, note });
    lines.push(`${indent}state "${label}" as ${alias}`);
    for (const d of details) lines.push(`${indent}${alias} : ${d}`);
    if (note) lines.push(`${indent}note right of ${alias}`, `${indent}  ${note}`, `${indent}end note`);
    const children = Object.values(node.states as Record<string, AnyStateNode>);
    if (!children.length) return;
    lines.push(`${indent}state ${alias} {`);
    if (node.type === 'parallel') {
      children.forEach((region, i) => {
        if (i > 0) lines.push(`${indent}  --`);
        declare(region, alias, `${indent}  `);
      });
    } else {
      scope(alias, children, `${indent}  `);
    }
    lines.push(`${indent}}`);
  };

  /** Declares a compound scope's children, then its initial arrow and the arrows out of its final states. */
  const scope = (owner: string | null, children: AnyStateNode[], indent: string) => {
    for (const child of children) declare(child, owner, indent);
    const start = `${owner ?? 'root'}_start`;
    const parentNode = children[0].parent as AnyStateNode;
    for (const target of parentNode.initial?.target ?? []) {
      lines.push(`${indent}[*] --> ${aliasOf(target)}`);
      edges.push({ from: start, to: aliasOf(target), label: '' });
    }
    for (const child of children.filter((c) => c.type === 'final')) {
      lines.push(`${indent}${aliasOf(child)} --> [*]`);
      edges.push({ from: aliasOf(child), to: `${owner ?? 'root'}_end`, label: '' });
    }
  };

  if (top[0] === root) {
    declare(root, null, '  ');
  } else {
    scope(null, top, '  ');
  }

  // Transitions come last, at the top level, once every state they may point at has been declared in its own box.
  for (const node of [root, ...allDescendants(root)]) {
    if (node === root && top[0] !== root) continue;
    // One list per event, in the order the machine tries them.
    const candidates: AnyTransitionDefinition[][] = [...node.transitions.values(), node.always ?? []];
    for (const list of candidates) {
      list.forEach((t, i) => {
        const otherwise = !t.guard && list.slice(0, i).some((before) => before.guard);
        const label = escapeMermaid(describeTransitionLabel(t, otherwise));
        const targets: readonly AnyStateNode[] = t.target?.length ? t.target : [node];
        for (const target of targets) {
          lines.push(`  ${aliasOf(node)} --> ${aliasOf(target)} : ${label}`);
          edges.push({ from: aliasOf(node), to: aliasOf(target), label });
        }
      });
    }
  }
  return { text: `${lines.join('\n')}\n`, states, edges };
}

function allDescendants(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states as Record<string, AnyStateNode>).flatMap((child) => [
    child,
    ...allDescendants(child),
  ]);
}
