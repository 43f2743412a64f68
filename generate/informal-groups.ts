/**
 * The informal taxon groups of the synthetic data directory: a small hierarchy with real-looking
 * MVL ids and names in three languages (modelled on FinBIF's own groups); and its red-list
 * evaluation groups, each covering informal groups of that hierarchy.
 */
import type { InformalTaxonGroup, RedListEvaluationGroup } from '../src/taxon/catalog.ts';

type Names = [fi: string, sv: string, en: string];

const GROUPS: readonly (readonly [id: string, names: Names, subGroups?: readonly string[]])[] = [
  ['MVL.1', ['Linnut', 'Fåglar', 'Birds'], ['MVL.1241', 'MVL.1141']],
  ['MVL.1241', ['Vesilinnut', 'Vattenfåglar', 'Waterbirds']],
  ['MVL.1141', ['Petolinnut ja pöllöt', 'Rovfåglar och ugglor', 'Birds of prey and owls']],
  ['MVL.2', ['Nisäkkäät', 'Däggdjur', 'Mammals'], ['MVL.187']],
  ['MVL.187', ['Lepakot', 'Fladdermöss', 'Bats']],
  ['MVL.27', ['Kalat', 'Fiskar', 'Fishes']],
  [
    'MVL.232',
    ['Hyönteiset ja hämähäkkieläimet', 'Insekter och spindeldjur', 'Insects and arachnids'],
    ['MVL.33', 'MVL.31', 'MVL.224', 'MVL.38', 'MVL.30'],
  ],
  ['MVL.33', ['Kovakuoriaiset', 'Skalbaggar', 'Beetles']],
  ['MVL.31', ['Perhoset', 'Fjärilar', 'Moths and butterflies'], ['MVL.181', 'MVL.183']],
  ['MVL.181', ['Päiväperhoset', 'Dagfjärilar', 'Butterflies']],
  ['MVL.183', ['Yökköset', 'Nattflyn', 'Owlet moths']],
  ['MVL.224', ['Kaksisiipiset', 'Tvåvingar', 'True flies'], ['MVL.341', 'MVL.342']],
  ['MVL.341', ['Sääsket', 'Myggor', 'Nematoceran flies']],
  ['MVL.342', ['Kärpäset', 'Flugor', 'Brachyceran flies']],
  ['MVL.38', ['Hämähäkit', 'Spindlar', 'Spiders']],
  ['MVL.30', ['Pistiäiset', 'Steklar', 'Sawflies, wasps, ants and bees']],
  ['MVL.40', ['Nilviäiset', 'Blötdjur', 'Molluscs']],
  ['MVL.343', ['Putkilokasvit', 'Kärlväxter', 'Vascular plants']],
  ['MVL.23', ['Sammalet', 'Mossor', 'Bryophytes']],
  ['MVL.233', ['Sienet ja jäkälät', 'Svampar och lavar', 'Fungi and lichens'], ['MVL.24', 'MVL.25']],
  ['MVL.24', ['Suursienet', 'Storsvampar', 'Macrofungi'], ['MVL.122']],
  ['MVL.122', ['Käävät', 'Tickor', 'Polypores']],
  ['MVL.25', ['Jäkälät', 'Lavar', 'Lichens']],
  ['MVL.22', ['Levät', 'Alger', 'Algae']],
  ['MVL.41', ['Muut organismit', 'Övriga organismer', 'Other organisms'], ['MVL.441']],
  ['MVL.441', ['Bakteerit', 'Bakterier', 'Bacteria']],
];

/** A fresh copy of the groups (callers may mutate it). */
export function informalTaxonGroups(): InformalTaxonGroup[] {
  return GROUPS.map(([id, [fi, sv, en], subGroups]) => ({
    id,
    name: { fi, sv, en },
    ...(subGroups ? { hasSubGroup: [...subGroups] } : {}),
  }));
}

/** Red-list evaluation groups (illustrative `MVL.90xx` ids): id, names, subgroups, informal groups covered. */
const RED_LIST_GROUPS: readonly (readonly [
  id: string,
  names: Names,
  subGroups: readonly string[],
  informal: readonly string[],
])[] = [
  ['MVL.9001', ['Selkärankaiset', 'Ryggradsdjur', 'Vertebrates'], ['MVL.9002', 'MVL.9003', 'MVL.9005'], []],
  ['MVL.9002', ['Nisäkkäät', 'Däggdjur', 'Mammals'], [], ['MVL.2']],
  ['MVL.9003', ['Linnut', 'Fåglar', 'Birds'], [], ['MVL.1']],
  ['MVL.9005', ['Kalat', 'Fiskar', 'Fishes'], [], ['MVL.27']],
  ['MVL.9010', ['Hyönteiset', 'Insekter', 'Insects'], ['MVL.9011', 'MVL.9014', 'MVL.9015', 'MVL.9016'], []],
  ['MVL.9011', ['Perhoset', 'Fjärilar', 'Butterflies and moths'], ['MVL.9012', 'MVL.9013'], ['MVL.31']],
  ['MVL.9012', ['Päiväperhoset', 'Dagfjärilar', 'Butterflies'], [], ['MVL.181']],
  ['MVL.9013', ['Yöperhoset', 'Nattfjärilar', 'Moths'], [], ['MVL.183']],
  ['MVL.9014', ['Kovakuoriaiset', 'Skalbaggar', 'Beetles'], [], ['MVL.33']],
  ['MVL.9015', ['Pistiäiset', 'Steklar', 'Sawflies, wasps, ants and bees'], [], ['MVL.30']],
  ['MVL.9016', ['Kaksisiipiset', 'Tvåvingar', 'True flies'], [], ['MVL.224']],
  ['MVL.9020', ['Hämähäkkieläimet', 'Spindeldjur', 'Arachnids'], [], ['MVL.38']],
  ['MVL.9021', ['Nilviäiset', 'Blötdjur', 'Molluscs'], [], ['MVL.40']],
  ['MVL.9023', ['Putkilokasvit', 'Kärlväxter', 'Vascular plants'], [], ['MVL.343']],
  ['MVL.9024', ['Sammalet', 'Mossor', 'Bryophytes'], [], ['MVL.23']],
  ['MVL.9027', ['Jäkälät', 'Lavar', 'Lichens'], [], ['MVL.25']],
  ['MVL.9028', ['Sienet', 'Svampar', 'Fungi'], [], ['MVL.24']],
  ['MVL.9031', ['Levät', 'Alger', 'Algae'], [], ['MVL.22']],
];

/** A fresh copy of the red-list evaluation groups (callers may mutate it). */
export function redListEvaluationGroups(): RedListEvaluationGroup[] {
  return RED_LIST_GROUPS.map(([id, [fi, sv, en], subGroups, informal]) => ({
    id,
    name: { fi, sv, en },
    ...(subGroups.length > 0 ? { hasIucnSubGroup: [...subGroups] } : {}),
    ...(informal.length > 0 ? { includesInformalTaxonGroup: [...informal] } : {}),
  }));
}
