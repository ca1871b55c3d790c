/**
 * Mantine's `useId` starts from React's id, which the server and the browser agree on, and then replaces it with a
 * random one in a layout effect. On a server-rendered page that meant: every input, label and description on the
 * first screen got a new id right after hydration, each one a state update in a layout effect, so React re-rendered
 * those components synchronously and rewrote their attributes in the task that ends hydration, the longest of the
 * sign-up page's load (docs/decisions/0014-server-rendered-first-screen.md). React's id is already unique within the
 * one root the portal renders, and stable between the two renders, so the module is replaced by one that keeps it.
 *
 * Same output as Mantine's first render (`mantine-` and React's id without colons) and the same signature, so the
 * markup the server sends and what the browser keeps are identical. The dev server's pre-bundled dependencies do not
 * pass through this hook; there the ids still change after the first render, which costs nothing but time.
 */
import type { Plugin } from 'vite';

const USE_ID_MODULE = /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/;

export const STABLE_USE_ID_SOURCE = `import { useId as useReactId } from 'react';
export function useId(staticId) {
  const reactId = useReactId();
  return typeof staticId === 'string' ? staticId : \`mantine-\${reactId.replace(/:/g, '')}\`;
}
`;

export function mantineStableIdPlugin(): Plugin {
  return {
    name: 'portal:mantine-stable-id',
    enforce: 'pre',
    load(id) {
      return USE_ID_MODULE.test(id.split('?')[0] ?? id) ? STABLE_USE_ID_SOURCE : null;
    },
  };
}
