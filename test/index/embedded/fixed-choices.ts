/**
 * Strategy choosers that never vary (`setStrategyChooser`): with each of them a test takes every
 * way of evaluating a clause every time, where the costs, left to themselves, take one.
 */

/** The two ways in turn, `first` the first time. */
const inTurn = (first: boolean) => () => {
  let next = !first;
  return () => {
    next = !next;
    return next;
  };
};

/** Choices that never vary: always the first way, always the second, or the two in turn. */
export const FIXED_CHOICES: Record<string, () => () => boolean> = {
  'always the first way': () => () => true,
  'always the second way': () => () => false,
  'the first way, then the second, in turn': inTurn(true),
  'the second way, then the first, in turn': inTurn(false),
};
