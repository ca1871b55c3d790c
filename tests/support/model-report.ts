/**
 * The model tests' coverage as figures (architecture.md §6). describeModel leaves them in the meta of its tests, in
 * whichever worker runs them; model-coverage-reporter.ts gathers them at the end of the run into one line per
 * machine and `coverage/model-coverage.json`. Pure, so its own test can feed it made-up tasks.
 */
import type { Coverage } from './model-coverage.ts';

/** Left by 'covers every state and transition': what the paths reach of the machine. */
export interface ModelCoverageMeta {
  machine: string;
  states: { reached: number; total: number; missing: string[] };
  transitions: { reached: number; total: number; missing: string[] };
  paths: number;
}

/** Left by the oracle's event check (model-oracle.ts): how many events it sent that must change nothing. */
export interface ModelOracleMeta {
  machine: string;
  ignored: number;
  accepted: number;
  states: number;
}

/** Left by every path's test, so a failed path is counted against its machine. */
export interface ModelPathMeta {
  machine: string;
  id: string;
}

declare module 'vitest' {
  interface TaskMeta {
    modelCoverage?: ModelCoverageMeta;
    modelOracle?: ModelOracleMeta;
    modelPath?: ModelPathMeta;
  }
}

export function coverageMeta(machine: string, coverage: Coverage, paths: number): ModelCoverageMeta {
  return {
    machine,
    states: {
      reached: coverage.stateCount - coverage.missingStates.length,
      total: coverage.stateCount,
      missing: coverage.missingStates,
    },
    transitions: {
      reached: coverage.transitionCount - coverage.missingTransitions.length,
      total: coverage.transitionCount,
      missing: coverage.missingTransitions,
    },
    paths,
  };
}

/** Headless: machines/<flow>/<flow>.model.test.ts; view: the flows' page tests, src/flows/**. */
export type Layer = 'headless' | 'view';
export const LAYERS: readonly Layer[] = ['headless', 'view'];

export function layerOf(file: string): Layer | null {
  if (/^machines\/[^/]+\/[^/]+\.model\.test\.ts$/.test(file)) return 'headless';
  if (/^src\/flows\/.+\.test\.tsx?$/.test(file)) return 'view';
  return null;
}

export interface LayerReport extends Omit<ModelCoverageMeta, 'machine'> {
  file: string;
  /** Ignored-event checks of the oracle, null where the suite has none (yet). */
  ignored: number | null;
  accepted: number | null;
  failedPaths: string[];
}

export interface ModelCoverageReport {
  machines: Record<string, Partial<Record<Layer, LayerReport>>>;
}

/** What the reporter reads of one finished test (Vitest's TestCase). */
export interface FinishedTest {
  meta: { modelCoverage?: ModelCoverageMeta; modelOracle?: ModelOracleMeta; modelPath?: ModelPathMeta };
  state: 'passed' | 'failed' | 'skipped' | 'pending';
}

/** The report of a run, from every test file's finished tests; files of neither layer are left out. */
export function buildReport(
  files: ReadonlyArray<{ file: string; tests: readonly FinishedTest[] }>,
): ModelCoverageReport {
  const machines: ModelCoverageReport['machines'] = {};
  for (const { file, tests } of files) {
    const layer = layerOf(file);
    if (!layer) continue;
    for (const { meta } of tests) {
      if (!meta.modelCoverage) continue;
      const { machine, ...figures } = meta.modelCoverage;
      const oracle = tests.find((t) => t.meta.modelOracle?.machine === machine)?.meta.modelOracle;
      const failedPaths = tests
        .filter((t) => t.meta.modelPath?.machine === machine && t.state === 'failed')
        .map((t) => t.meta.modelPath!.id);
      machines[machine] ??= {};
      machines[machine][layer] = {
        file,
        ...figures,
        ignored: oracle?.ignored ?? null,
        accepted: oracle?.accepted ?? null,
        failedPaths,
      };
    }
  }
  const sorted = Object.keys(machines).sort();
  return { machines: Object.fromEntries(sorted.map((machine) => [machine, machines[machine]])) };
}

function formatLayer(layer: Layer, report: LayerReport | undefined): string {
  if (!report) return `${layer} —`;
  const { states, transitions, ignored, paths, failedPaths } = report;
  const failed = failedPaths.length ? ` (${failedPaths.length} failed)` : '';
  return [
    layer,
    `${states.reached}/${states.total} states`,
    `${transitions.reached}/${transitions.total} transitions`,
    `${ignored ?? '—'} ignored`,
    `${paths} paths${failed}`,
  ].join(' ');
}

/** One line per machine: `login  headless 6/6 states 16/16 transitions 41 ignored 57 paths | view …`. */
export function formatReport(report: ModelCoverageReport): string[] {
  const names = Object.keys(report.machines);
  const width = Math.max(0, ...names.map((name) => name.length));
  return names.map(
    (name) =>
      `${name.padEnd(width)}  ${LAYERS.map((layer) => formatLayer(layer, report.machines[name][layer])).join(' | ')}`,
  );
}
