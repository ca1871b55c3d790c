/**
 * Vitest reporter (vitest.config.ts, after the default one): at the end of a run that ran model tests, prints one line
 * per machine of what its headless and view suites reached, and writes the same as JSON to
 * coverage/model-coverage.json (gitignored) for tools. The figures come from the tests' meta (model-report.ts), so
 * they are those of this run, of the files it ran.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import type { Reporter, TestModule, Vitest } from 'vitest/node';
import { buildReport, formatReport } from './model-report.ts';

export const REPORT_PATH = 'coverage/model-coverage.json';

export default class ModelCoverageReporter implements Reporter {
  private vitest!: Vitest;

  onInit(vitest: Vitest): void {
    this.vitest = vitest;
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const root = this.vitest.config.root;
    const report = buildReport(
      testModules.map((module) => ({
        file: relative(root, module.moduleId).split('\\').join('/'),
        tests: [...module.children.allTests()].map((test) => ({ meta: test.meta(), state: test.result().state })),
      })),
    );
    const lines = formatReport(report);
    if (!lines.length) return;
    const path = join(root, REPORT_PATH);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, `${JSON.stringify(report, null, 2)}\n`);
    const { logger } = this.vitest;
    logger.log('\n Model coverage (states and transitions reached, ignored-event checks, paths):');
    for (const line of lines) logger.log(`   ${line}`);
    logger.log(`   Written to ${REPORT_PATH}; every path as a test plan: npm run paths\n`);
  }
}
