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

// The default of an actor in setup() that every page and every test provides its own of (machine.provide): it only
// says that it was forgotten.
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
  declareValuePlugin(PluginKind.Ignore, 'placeholders', placeholders),
];
