// @ts-check
// An ignorer for `npm run mutation` (docs/mutation.md, "Choices between equal answers"): the
// embedded engine chooses between ways of computing the same matches by their estimated costs
// (src/index/embedded/evaluate/strategy.ts). A mutant of an estimate, or of the choice itself,
// only makes the engine take another of those ways, which the property tests already take at
// random: it can change how fast an answer comes, never the answer. Such mutants are counted as
// ignored, with this reason, rather than run.
import { declareValuePlugin, PluginKind } from '@stryker-mutator/api/plugin';

const CHOICE = 'a choice between ways of computing the same matches (strategy.ts: prefer)';
const HOOK = "the tests' hook for making those choices: without it they take the ways the costs choose";
const ESTIMATE = 'a cost estimate, read only to choose between ways of computing the same matches';

/** @param {any} path a Babel node path */
function nameOf(path) {
  const { node } = path;
  if (path.isClassMethod() || path.isObjectMethod()) return node.key.type === 'Identifier' ? node.key.name : undefined;
  if (path.isFunctionDeclaration()) return node.id?.name;
  return undefined;
}

export const strykerPlugins = [
  declareValuePlugin(PluginKind.Ignore, 'evaluation-choices', {
    /** @param {any} path */
    shouldIgnore(path) {
      if (path.isCallExpression() && path.node.callee.type === 'Identifier' && path.node.callee.name === 'prefer')
        return CHOICE;
      const name = nameOf(path);
      if (name === 'prefer') return CHOICE;
      if (name === 'setStrategyChooser') return HOOK;
      if (name !== undefined && /Cost$/.test(name)) return ESTIMATE;
      return undefined;
    },
  }),
];
