/**
 * What a taxon passes down to its descendants while the taxa are generated in pre-order.
 */
import type { Kingdom, Theme } from './themes.ts';
import type { Vernacular } from './vernacular-names.ts';

export interface NodeContext {
  readonly index: number;
  readonly id: string;
  /** Short rank name (`genus`), `root` for Biota. */
  readonly rank: string;
  readonly scientificName: string;
  readonly kingdom: Kingdom | undefined;
  /** Picked at class level, inherited below. */
  readonly theme: Theme | undefined;
  /** The genus' scientific name, for its species and subspecies. */
  readonly genusName: string | undefined;
  /** Vernacular head that children build on: the genus base, or a species' own names. */
  readonly base: Vernacular | undefined;
  readonly finnish: boolean;
}
