/**
 * `vitest list` reads test files without running them by default (Vitest 5's static parse), and so finds no test in
 * a model suite: describeModel registers one test per path it generates when the file runs
 * (architecture.md §6). This plugin (vitest.config.ts) has Vitest collect by running the files, which lists every
 * test under the name `vitest run` gives it, path ids included.
 */
import type { Plugin } from 'vite';
import type { Vitest } from 'vitest/node';

const patched = new WeakSet<Vitest>();

export function listByRunning(): Plugin {
  return {
    name: 'list-by-running',
    // Called once per project, with the same Vitest each time.
    configureVitest({ vitest }) {
      if (patched.has(vitest)) return;
      patched.add(vitest);
      const collect = vitest.collect.bind(vitest);
      vitest.collect = (filters, options) => collect(filters, { ...options, staticParse: false });
    },
  };
}
