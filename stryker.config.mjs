// Mutation testing of the machines and the shared rules (architecture.md §6): `npm run mutation`. Not part of
// `npm test`: a full run takes many minutes, and its verdict is a score to read, not a pass/fail.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner', './stryker.ignorers.mjs'],
  ignorers: ['descriptions', 'setupDefaults', 'placeholders'],
  // Only the headless model tests and shared-domain's tests (vitest.mutation.config.ts says why).
  vitest: { configFile: 'vitest.mutation.config.ts' },
  mutate: [
    'machines/**/*.ts',
    'shared-domain/**/*.ts',
    // Tests and what they read: the model cases (and their list), the oracles (and theirs), a flow's shared suite.
    '!**/*.test.ts',
    '!**/*.model-cases.ts',
    '!**/*.model-suite.ts',
    '!**/*.oracle.ts',
    '!machines/oracles.ts',
    '!machines/model-cases.ts',
    // Types and nothing else: no statement to mutate.
    '!shared-domain/consent-request.ts',
    '!shared-domain/device-sessions.ts',
    '!shared-domain/public-config.ts',
    '!shared-domain/page-render.ts',
    // The API's zod schemas: thousands of mutants of field declarations whose check is the server suite
    // (tests/server), which this run leaves out; their few rules of their own live in the files kept here.
    '!shared-domain/contracts/**',
  ],
  // Builds, the local database and generated reports: never read by these tests, and copied into every sandbox.
  ignorePatterns: ['/dist', '/dist-server', '/data', '/coverage', '/test-plans'],
  coverageAnalysis: 'perTest',
  // The machine has two cores, shared with other people's test runs.
  concurrency: 2,
  // A rerun retests only the mutants whose file or covering tests changed since the last one.
  incremental: true,
  incrementalFile: 'reports/stryker-incremental.json',
  // Inside reports/ so that one ignore line keeps sandboxes and reports out of git and Biome.
  tempDirName: 'reports/.stryker-tmp',
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  thresholds: { high: 90, low: 80, break: null },
};
