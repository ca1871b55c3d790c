import type { TestProjectConfiguration, TestProjectInlineConfiguration } from 'vitest/config';
import base from './vitest.config.ts';

// The suites Stryker runs against each mutant (stryker.config.mjs): the headless model tests and the shared rules'
// tests, nothing else. The views, server and browser suites would also reach these files, at minutes per mutant;
// the scripts' tests would kill a machine's mutants only because its diagram changed, which says nothing of behaviour.
const MUTATION_SUITES: Record<string, string[]> = {
  machines: ['machines/**/*.test.ts'],
  shared: ['shared-domain/**/*.test.ts'],
};

const isInline = (project: TestProjectConfiguration): project is TestProjectInlineConfiguration =>
  typeof project === 'object' && project !== null && 'test' in project;

export default {
  ...base,
  test: {
    ...base.test,
    // A mutant's run needs no model-coverage lines nor their JSON file.
    reporters: ['default'],
    projects: (base.test?.projects ?? []).filter(isInline).flatMap((project: TestProjectInlineConfiguration) => {
      const include = MUTATION_SUITES[project.test?.name as string];
      return include ? [{ ...project, test: { ...project.test, include } }] : [];
    }),
  },
};
