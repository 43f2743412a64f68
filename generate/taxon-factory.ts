/**
 * Turns the tree skeleton into taxon documents, one at a time in pre-order: each taxon is built
 * from its skeleton slot and its parent's context (kept on a stack by depth).
 */
import type { Taxon } from '../src/taxon/schema.ts';
import type { NodeContext } from './context.ts';
import type { IdScheme } from './ids.ts';
import { authorship, epithet, genusName, higherTaxonName } from './latin-names.ts';
import { addBirdCodes, addOtherNames, nameTaxon, RecentNames, vernacularName } from './name-fields.ts';
import type { Random } from './random.ts';
import { CLASS, GENUS, ORDER, ROOT_RANK, rankAt, rankName } from './ranks.ts';
import { addSpeciesStatuses, addSubspeciesStatuses } from './status-fields.ts';
import { addSynonyms } from './synonym-fields.ts';
import { kingdomAt, type Kingdom, type Theme } from './themes.ts';
import type { TreeSkeleton } from './tree.ts';
import type { Vernacular } from './vernacular-names.ts';
import { NAME_ACCORDING_TO } from './vocabulary.ts';

export class TaxonFactory {
  private readonly stack: NodeContext[] = [];
  private readonly recent = new RecentNames();

  constructor(
    private readonly skeleton: TreeSkeleton,
    private readonly ids: IdScheme,
    private readonly rng: Random,
  ) {}

  build(index: number): Taxon {
    const rankIndex = this.skeleton.rank[index] ?? ROOT_RANK;
    const depth = this.skeleton.depth[index] ?? 0;
    const parent = this.stack[depth - 1];
    const { taxon, context } =
      rankIndex === ROOT_RANK || parent === undefined ? this.root(index) : this.child(index, rankIndex, parent);
    this.stack[depth] = context;
    return taxon;
  }

  private root(index: number): { taxon: Taxon; context: NodeContext } {
    const id = this.ids.taxon(index);
    const taxon: Taxon = {
      id,
      nameAccordingTo: NAME_ACCORDING_TO,
      scientificName: 'Biota',
      cursiveName: false,
      vernacularName: { fi: 'eliöt', sv: 'organismer', en: 'Biota' },
      finnish: true,
    };
    const context: NodeContext = {
      index,
      id,
      rank: 'root',
      scientificName: 'Biota',
      kingdom: undefined,
      theme: undefined,
      genusName: undefined,
      base: undefined,
      finnish: true,
    };
    return { taxon, context };
  }

  private child(index: number, rankIndex: number, parent: NodeContext): { taxon: Taxon; context: NodeContext } {
    const rng = this.rng;
    const rank = rankName(rankIndex);
    const kingdom =
      rank === 'kingdom' || parent.kingdom === undefined
        ? kingdomAt(this.skeleton.ordinal[index] ?? 0)
        : parent.kingdom;
    const theme = parent.theme ?? (rankIndex >= CLASS ? rng.weighted(kingdom.themes) : undefined);
    const scientificName = this.scientificName(index, rank, parent, kingdom);
    const id = this.ids.taxon(index);
    const taxon: Taxon = { id, isPartOf: parent.id };
    if (this.skeleton.hidden[index] === 1) taxon.hiddenTaxon = true;
    taxon.nameAccordingTo = NAME_ACCORDING_TO;
    taxon.taxonRank = rankAt(rankIndex).qname;
    taxon.scientificName = scientificName;
    taxon.scientificNameAuthorship =
      rank === 'kingdom' ? kingdom.authorship : authorship(rng, kingdom.code, rankIndex > GENUS);
    taxon.cursiveName = rankIndex >= GENUS;
    const base = this.addNames(taxon, rank, parent, theme, kingdom);
    const finnish = rng.chance(parent.finnish ? this.finnishShare(rank) : 0.1);
    taxon.finnish = finnish;
    this.addRankFields(taxon, index, rankIndex, parent, theme, kingdom);
    const genus = rank === 'genus' ? scientificName : parent.genusName;
    const context: NodeContext = { index, id, rank, scientificName, kingdom, theme, genusName: genus, base, finnish };
    return { taxon, context };
  }

  private finnishShare(rank: string): number {
    if (rank === 'species') return 0.75;
    if (rank === 'subspecies') return 0.65;
    return 0.97;
  }

  private scientificName(index: number, rank: string, parent: NodeContext, kingdom: Kingdom): string {
    const rng = this.rng;
    if (rank === 'kingdom') return kingdom.scientificName;
    if (rank === 'genus') return genusName(rng);
    if (rank === 'species') return `${parent.genusName ?? genusName(rng)} ${epithet(rng)}`;
    if (rank === 'subspecies') {
      const nominate = this.skeleton.ordinal[index] === 0 && rng.chance(0.5);
      const speciesEpithet = parent.scientificName.split(' ').pop() ?? '';
      return `${parent.scientificName} ${nominate ? speciesEpithet : epithet(rng)}`;
    }
    return higherTaxonName(rng, rank, kingdom.code);
  }

  /** Vernacular and other names; returns the base the children's names build on. */
  private addNames(
    taxon: Taxon,
    rank: string,
    parent: NodeContext,
    theme: Theme | undefined,
    kingdom: Kingdom,
  ): Vernacular | undefined {
    const rng = this.rng;
    const named = nameTaxon(rng, rank, parent, theme, kingdom);
    let names = named.names;
    if (names && rank === 'species') {
      if (rng.chance(0.02)) names = this.recent.pick(rng, theme) ?? names;
      this.recent.remember(theme, names);
    }
    if (names) {
      taxon.vernacularName = vernacularName(rng, names, rank);
      if (rank !== 'kingdom') addOtherNames(rng, taxon, rank === 'species' ? (parent.base ?? names) : names);
    }
    return named.base;
  }

  private addRankFields(
    taxon: Taxon,
    index: number,
    rankIndex: number,
    parent: NodeContext,
    theme: Theme | undefined,
    kingdom: Kingdom,
  ): void {
    const rng = this.rng;
    const rank = rankName(rankIndex);
    if (rank === 'species') {
      addSpeciesStatuses(rng, taxon, theme);
      if (theme?.bird) addBirdCodes(rng, taxon, parent.base);
    } else if (rank === 'subspecies') {
      addSubspeciesStatuses(rng, taxon, theme);
    } else if (rankIndex === CLASS && theme) {
      taxon.informalTaxonGroups = [...theme.classGroups];
    } else if (rankIndex === ORDER && theme && theme.orderGroups.length > 0 && rng.chance(0.5)) {
      taxon.informalTaxonGroups = [rng.pick(theme.orderGroups)];
    }
    addSynonyms(rng, taxon, rank, index, this.ids, kingdom.code);
  }
}
