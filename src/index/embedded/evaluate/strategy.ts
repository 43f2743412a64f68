/**
 * Every choice evaluation makes between two ways of computing the same thing (a sorted list or
 * a bitset, galloping or probing, walking a permutation or selecting by rank) goes through
 * `prefer`, so that tests can make the choices at random and check that all of them give the
 * same answers.
 */

type Chooser = (firstCost: number, secondCost: number) => boolean;

let chooser: Chooser | undefined;

/** Whether to take the first way, of estimated cost `firstCost`, over the second. */
export function prefer(firstCost: number, secondCost: number): boolean {
  return chooser === undefined ? firstCost <= secondCost : chooser(firstCost, secondCost);
}

/** For tests: choose with `choose` instead of by cost; `undefined` restores the costs. */
export function setStrategyChooser(choose: Chooser | undefined): void {
  chooser = choose;
}
