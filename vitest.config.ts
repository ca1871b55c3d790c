import { defineConfig, mergeConfig } from 'vitest/config';
import { listByRunning } from './tests/support/list-by-running.ts';
import viteConfig from './vite.config.ts';

// One runner for every suite; each project is one of architecture.md §6's kinds of test.
export default mergeConfig(
  viteConfig({ command: 'serve', mode: 'test', isSsrBuild: false }),
  defineConfig({
    plugins: [listByRunning()],
    test: {
      // The model tests' coverage, one line per machine after the summary (tests/support/model-coverage-reporter.ts).
      reporters: ['default', './tests/support/model-coverage-reporter.ts'],
      projects: [
        {
          extends: true,
          test: {
            name: 'shared',
            environment: 'node',
            include: [
              'shared-domain/**/*.test.ts',
              'scripts/**/*.test.ts',
              'bench/**/*.test.ts',
              'tests/architecture/**/*.test.ts',
            ],
          },
        },
        { extends: true, test: { name: 'machines', environment: 'node', include: ['machines/**/*.test.ts'] } },
        {
          extends: true,
          test: {
            name: 'views',
            environment: 'jsdom',
            include: ['src/**/*.test.tsx', 'src/**/*.test.ts'],
            setupFiles: ['tests/support/jsdom-setup.ts'],
            // A worker keeps its jsdom and the libraries from node_modules from one file to the next; jsdom-setup.ts
            // starts the app's own modules afresh for each. Setting both up again for every file was a quarter of
            // the project's time.
            isolate: false,
            // Every core: the default leaves one for the main process, which only waits for the workers. A project's
            // own number of workers needs a group of its own, run after the others.
            maxWorkers: '100%',
            sequence: { groupOrder: 1 },
          },
        },
        {
          extends: true,
          test: { name: 'server', environment: 'node', include: ['tests/server/**/*.test.ts'], testTimeout: 20_000 },
        },
        {
          extends: true,
          test: {
            name: 'e2e',
            environment: 'node',
            include: ['tests/e2e/**/*.spec.ts'],
            testTimeout: 60_000,
            hookTimeout: 60_000,
            // One spec file at a time. Two at once (each with its own server and browser) saved only about a tenth on
            // two cores, where a spec keeps both busy with Chromium and the server, and under that load logins missed
            // their page within the specs' 15 s.
            fileParallelism: false,
          },
        },
      ],
    },
  }),
);
