// Mutants Stryker leaves out of `npm run mutation` (stryker.config.mjs): code whose mutation can change nothing a
// test of this run should see. Each ignorer returns the reason the report shows beside the mutant.
import { declareValuePlugin, PluginKind } from '@stryker-mutator/api/plugin';

const isKey = (node, name) =>
  node.type === 'ObjectProperty' && !node.computed && node.key.type === 'Identifier' && node.key.name === name;

// A state's or a machine's description is prose for the statechart diagrams (architecture.md §7), whose own test
// compares them with the committed ones.
const descriptions = {
  shouldIgnore: (path) =>
    isKey(path.node, 'description') ? 'Prose for the statechart diagrams, checked by their test.' : undefined,
};

// What setup() is told for TypeScript alone (`types`), and the default actors every page and every test provides its
// own of (machine.provide): emptying either changes nothing at run time.
const isSetupArgument = (path) =>
  path.parentPath?.isCallExpression() &&
  path.parentPath.node.callee.type === 'Identifier' &&
  path.parentPath.node.callee.name === 'setup';
const setupDefaults = {
  shouldIgnore(path) {
    if (!isKey(path.node, 'types') && !isKey(path.node, 'actors')) return undefined;
    return isSetupArgument(path.parentPath) ? 'Types, or default actors that pages and tests replace.' : undefined;
  },
};

// A shared actor whose only body says it was not provided (machines/shared/end-session.ts).
const placeholders = {
  shouldIgnore(path) {
    const { node } = path;
    if (node.type !== 'ArrowFunctionExpression' || node.body.type !== 'BlockStatement') return undefined;
    const [only, ...rest] = node.body.body;
    const message = only?.type === 'ThrowStatement' ? only.argument.arguments?.[0] : undefined;
    return rest.length === 0 && message?.type === 'StringLiteral' && message.value.endsWith(' must be provided')
      ? 'A placeholder actor that pages and tests replace.'
      : undefined;
  },
};

export const strykerPlugins = [
  declareValuePlugin(PluginKind.Ignore, 'descriptions', descriptions),
  declareValuePlugin(PluginKind.Ignore, 'setupDefaults', setupDefaults),
  declareValuePlugin(PluginKind.Ignore, 'placeholders', placeholders),
];
