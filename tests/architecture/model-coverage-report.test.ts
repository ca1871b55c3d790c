import { describe, expect, it } from 'vitest';
import { buildReport, type FinishedTest, formatReport, layerOf } from '#tests/support/model-report.ts';

const coverage = (machine: string, missingStates: string[] = []): FinishedTest => ({
  state: missingStates.length ? 'failed' : 'passed',
  meta: {
    modelCoverage: {
      machine,
      states: { reached: 6 - missingStates.length, total: 6, missing: missingStates },
      transitions: { reached: 15, total: 15, missing: [] },
      paths: 3,
    },
  },
});
const path = (machine: string, id: string, state: FinishedTest['state'] = 'passed'): FinishedTest => ({
  state,
  meta: { modelPath: { machine, id } },
});
const oracle = (machine: string, ignored: number): FinishedTest => ({
  state: 'passed',
  meta: { modelOracle: { machine, ignored, accepted: 9, states: 4 } },
});

describe('the model coverage report', () => {
  it('tells the layers apart by file, and leaves out files of neither', () => {
    expect(layerOf('machines/login/login.model.test.ts')).toBe('headless');
    expect(layerOf('src/flows/main/main-page.test.tsx')).toBe('view');
    expect(layerOf('machines/shared/model-harness.test.ts')).toBeNull();
  });

  it('prints one line per machine, both layers, the failed paths counted', () => {
    const report = buildReport([
      {
        file: 'machines/login/login.model.test.ts',
        tests: [path('login', 'login-aaaaaa'), oracle('login', 41), coverage('login')],
      },
      {
        file: 'src/flows/login/login-page.test.tsx',
        tests: [path('login', 'login-aaaaaa', 'failed'), coverage('login', ['#login.locked'])],
      },
      { file: 'machines/logout/logout.model.test.ts', tests: [coverage('logout')] },
      { file: 'machines/shared/model-harness.test.ts', tests: [coverage('tiny')] },
    ]);
    expect(formatReport(report)).toEqual([
      'login   headless 6/6 states 15/15 transitions 41 ignored 3 paths | view 5/6 states 15/15 transitions — ignored 3 paths (1 failed)',
      'logout  headless 6/6 states 15/15 transitions — ignored 3 paths | view —',
    ]);
    expect(report.machines.login.view).toMatchObject({
      file: 'src/flows/login/login-page.test.tsx',
      states: { missing: ['#login.locked'] },
      failedPaths: ['login-aaaaaa'],
      ignored: null,
    });
  });

  it('prints nothing for a run without model tests', () => {
    expect(formatReport(buildReport([{ file: 'scripts/paths.test.ts', tests: [] }]))).toEqual([]);
  });
});
