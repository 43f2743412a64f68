/**
 * Clauses as operands of query evaluation: each knows how many documents it may match (an upper
 * bound: posting list lengths are known before anything is read) and can deliver its matches in
 * the form the consumer needs, at a cost it can estimate:
 *
 * - `list`: the matches ascending (a posting list is one already: a view, no copy);
 * - `bits`: a bitset of the matches (dense terms have one ready);
 * - `filter`: keep, or drop, the members of a sorted candidate list that match, probing a bitset
 *   or galloping through a sorted list, so a selective conjunction never touches a full-width
 *   bitset;
 * - `intersectInto`, `subtractFrom`, `addTo`: combine with a bitset being built.
 *
 * `BoolOperand` plans a conjunction on these estimates (see `conjoin`). Costs are rough
 * nanoseconds on a current x86 core; only their ratios matter.
 */
export { AllDocs, BitsOperand, ListOperand, NoDocs, Operand, operandOfMatches, type Matches } from './operand.ts';
export { PostingsOperand } from './postings-operand.ts';
export { AtLeastOperand } from './at-least-operand.ts';
export { BoolOperand } from './bool-operand.ts';
