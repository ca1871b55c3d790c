import { describe, expect, it } from 'vitest';
import { loginMachine } from '#machines/login/login.machine.ts';
import {
  describeLoginEvent,
  LOGIN_INPUT,
  loginEvents,
  loginExplore,
  submitFailures,
} from '#machines/login/login.model-cases.ts';
import { flowModelCases } from '#machines/model-cases.ts';
import { flowOracles } from '#machines/oracles.ts';
import { exploreModel, pathIds } from '#tests/support/model-graph.ts';
import { buildPlan, planMarkdown } from './paths-plan.ts';
import { statechartRegistry } from './statecharts.registry.ts';

const loginPlan = buildPlan(loginMachine, loginExplore, 'machines/login/login.model-cases.ts', flowOracles.login);

describe('path ids', () => {
  it('are the machine id and a hash of the words, whatever order the paths come in', () => {
    const paths = [{ words: 'submit the form' }, { words: '[no cookie] submit the form' }, { words: 'type "a"' }];
    const ids = pathIds('login', paths);
    expect(ids.every((id) => /^login-[0-9a-f]{6}$/.test(id))).toBe(true);
    expect(pathIds('login', [...paths].reverse())).toEqual([...ids].reverse());
    expect(new Set(ids).size).toBe(3);
  });

  it('refuse two paths that read the same, which no name could tell apart', () => {
    expect(() => pathIds('login', [{ words: 'the server answers 403' }, { words: 'the server answers 403' }])).toThrow(
      /read the same, "the server answers 403": describeEvent must tell their events apart/,
    );
  });

  it('are shared by the two layers: the view explores from another return address, to the same ids', () => {
    // What login-page.test.tsx explores: the same cases from its own input, with the flow's words.
    const viewInput = { ...LOGIN_INPUT, returnTo: '/pages/main?from=consent' };
    const view = exploreModel(loginMachine, {
      ...loginExplore,
      events: loginEvents(viewInput.returnTo),
      inputs: [
        { label: 'session cookie', input: viewInput },
        { label: 'no session cookie', input: { ...viewInput, sessionCookie: false } },
      ],
    });
    expect(view.paths.map((p) => p.id)).toEqual(loginPlan.paths.map((p) => p.id));
  });

  it('name every path of every machine apart, each test named by its id', () => {
    for (const [name, explore] of Object.entries(flowModelCases)) {
      const { paths } = exploreModel(statechartRegistry[name], explore);
      expect(new Set(paths.map((p) => p.id)).size, name).toBe(paths.length);
      for (const path of paths) expect(path.description).toBe(`${path.id} ${path.words}`);
    }
  });
});

describe('the login plan', () => {
  it('words the two AccountLocked refusals apart', () => {
    const locked = submitFailures
      .filter((f) => f.code === 'AccountLocked')
      .map((f) => describeLoginEvent({ type: 'xstate.error.actor.submitLogin', error: f.error }));
    expect(locked).toEqual([
      'the server answers 403 AccountLocked (90 s)',
      'the server answers 403 AccountLocked without a duration',
    ]);
  });

  it('gives every step in words with the state it must reach and the transition it takes', () => {
    const path = loginPlan.paths.find((p) =>
      p.steps.some((s) => s.words === 'the server answers 403 AccountLocked (90 s)'),
    )!;
    const step = path.steps.find((s) => s.words === 'the server answers 403 AccountLocked (90 s)')!;
    expect(step).toMatchObject({
      states: ['locked'],
      tags: ['error'],
      transitions: ['#login.submitting on xstate.error.actor.submitLogin [isAccountLockedFor] → #login.locked'],
    });
    expect(path.steps[0].words).toMatch(/^open the page \((no )?session cookie\)$/);
  });

  it('groups the paths by the state they end in, each under its id, with what the oracle says of each state', () => {
    const markdown = planMarkdown(loginPlan);
    for (const path of loginPlan.paths) expect(markdown).toContain(`### ${path.id}\n`);
    const groups = [...markdown.matchAll(/^## Ends in (.+) \((\d+)\)$/gm)];
    expect(groups.map((g) => g[1]).sort()).toEqual(
      ['`editing`', '`locked`', '`needsVerification`', '`redirecting`', '`submitting`'].sort(),
    );
    expect(groups.reduce((sum, g) => sum + Number(g[2]), 0)).toBe(loginPlan.paths.length);
    expect(markdown).toContain('  - on `form.change` when another account is typed → `editing`');
  });
});
