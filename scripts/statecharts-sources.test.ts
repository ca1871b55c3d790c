/**
 * What docs/statecharts says beside each diagram stays true to its sources: legends for exactly the registered flows,
 * words only for actions that exist, and screenshot links only between real states and shots the gallery takes.
 */
import { describe, expect, it } from 'vitest';
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { overflowPages } from '#tests/support/overflow-pages.ts';
import { statechartRegistry } from './statecharts.registry.ts';
import { actionName, actionWords } from './statecharts-actions.ts';
import { statechartLegends } from './statecharts-legends.ts';
import { statechartScreens } from './statecharts-screens.ts';

function allNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states as Record<string, AnyStateNode>).flatMap(allNodes)];
}

/** Every action name a machine lists: entry, exit, and on its transitions. */
function actionNames(machine: AnyStateMachine): string[] {
  return allNodes(machine.root).flatMap((node) =>
    [
      ...node.entry,
      ...node.exit,
      ...[...node.transitions.values(), node.always ?? []].flat().flatMap((t) => t.actions),
    ].flatMap((action) => actionName(action) ?? []),
  );
}

/** A state of a machine by its path below the root (`list.confirmDelete`). */
function statePaths(machine: AnyStateMachine): string[] {
  return allNodes(machine.root)
    .filter((node) => node !== machine.root)
    .map((node) => node.path.join('.'));
}

/**
 * The name of every shot the screenshot gallery takes: a page, or `page dialog` (`page dialog step` for a dialog of
 * several steps), as tests/support/overflow-check.ts's walkStates hands them to scripts/screenshots.ts.
 */
function shotNames(): Set<string> {
  const seeded = { cookie: '', consentPath: '/c', invitationPath: '/i', forwardingUid: 'f', unforwardedUid: 'u' };
  return new Set(
    overflowPages(seeded).flatMap((page) => [
      page.name,
      ...(page.dialogs ?? []).flatMap((dialog) =>
        dialog.steps.map((step) =>
          dialog.steps.length > 1 ? `${page.name} ${dialog.name} ${step.name}` : `${page.name} ${dialog.name}`,
        ),
      ),
    ]),
  );
}

describe('what the statecharts say beside the diagram', () => {
  it('has a legend for every flow, and none for a flow that is not registered', () => {
    expect(Object.keys(statechartLegends).sort()).toEqual(Object.keys(statechartRegistry).sort());
  });

  it('gives every legend row English words (the tables hold them, not only an id)', () => {
    for (const [slug, rows] of Object.entries(statechartLegends)) {
      for (const row of rows) expect(row.message, `${slug} ${row.code}`).toMatch(/[a-z]{2}/i);
    }
  });

  it('words only actions that exist', () => {
    const used = new Set(Object.values(statechartRegistry).flatMap(actionNames));
    expect(Object.keys(actionWords).filter((name) => !used.has(name))).toEqual([]);
  });

  it('links states that exist to shots the screenshot gallery takes', () => {
    const shots = shotNames();
    const wrong = Object.entries(statechartScreens).flatMap(([slug, screens]) => {
      const machine = statechartRegistry[slug];
      if (!machine) return [`${slug}: no such flow`];
      const states = new Set(statePaths(machine));
      return Object.entries(screens).flatMap(([state, names]) => [
        ...(states.has(state) ? [] : [`${slug}: no state ${state}`]),
        ...names.filter((name) => !shots.has(name)).map((name) => `${slug} ${state}: no shot "${name}"`),
      ]);
    });
    expect(wrong).toEqual([]);
  });
});
