/**
 * Which fields the embedded engine can search, sort and aggregate on, read from the same
 * Elasticsearch mapping the cluster gets, so both engines know the same fields.
 */
import type { estypes } from '@elastic/elasticsearch';
import { UnsupportedQueryError } from '../../engine.ts';
import { isRecord, ownValue, type JsonRecord } from '../primitives/json.ts';

export type FieldType = 'keyword' | 'boolean' | 'long' | 'integer' | 'short' | 'byte' | 'double' | 'float';

export interface FieldSpec {
  type: FieldType;
  /** Keyword values longer than this (in UTF-16 code units, as Java counts) are not indexed. */
  ignoreAbove?: number;
}

/** Key: the dotted path of a leaf field, e.g. `vernacularName.fi`. */
export type FieldCatalog = ReadonlyMap<string, FieldSpec>;

/** `wildcard` is an Elasticsearch acceleration of `keyword`: the same values, the same answers. */
const LEAF_TYPES: ReadonlyMap<string, FieldType> = new Map<string, FieldType>([
  ['keyword', 'keyword'],
  ['wildcard', 'keyword'],
  ['boolean', 'boolean'],
  ['long', 'long'],
  ['integer', 'integer'],
  ['short', 'short'],
  ['byte', 'byte'],
  ['double', 'double'],
  ['float', 'float'],
]);

/** Parameters that change which values a field holds; the engine does not emulate them. */
const UNSUPPORTED_PARAMETERS = ['fields', 'copy_to', 'normalizer', 'null_value', 'script'];

/**
 * Reads the searchable leaf fields of a mapping.
 *
 * @example
 * fieldCatalogFromMapping({ dynamic: false, properties: { id: { type: 'keyword' } } })
 * // => Map { 'id' => { type: 'keyword' } }
 */
export function fieldCatalogFromMapping(mapping: estypes.MappingTypeMapping): FieldCatalog {
  const catalog = new Map<string, FieldSpec>();
  if (mapping.enabled === false) return catalog;
  if (mapping.runtime !== undefined && Object.keys(mapping.runtime).length > 0) {
    throw new UnsupportedQueryError('mapping runtime fields');
  }
  addProperties(mapping.properties, '', catalog);
  return catalog;
}

function addProperties(properties: unknown, prefix: string, catalog: Map<string, FieldSpec>): void {
  if (properties === undefined) return;
  if (!isRecord(properties)) throw new UnsupportedQueryError('mapping properties', `at [${prefix}]`);
  for (const [name, property] of Object.entries(properties)) {
    const path = prefix === '' ? name : `${prefix}.${name}`;
    if (!isRecord(property)) throw new UnsupportedQueryError('mapping property', `field [${path}]`);
    addProperty(path, property, catalog);
  }
}

function addProperty(path: string, property: JsonRecord, catalog: Map<string, FieldSpec>): void {
  const type = ownValue(property, 'type');
  if (type === 'nested') throw new UnsupportedQueryError('mapping type nested', `field [${path}]`);
  if (type === undefined || type === 'object') {
    if (ownValue(property, 'enabled') !== false) addProperties(ownValue(property, 'properties'), path, catalog);
    return;
  }
  const fieldType = typeof type === 'string' ? LEAF_TYPES.get(type) : undefined;
  if (fieldType === undefined) throw new UnsupportedQueryError(`mapping type ${String(type)}`, `field [${path}]`);
  for (const parameter of UNSUPPORTED_PARAMETERS) {
    if (ownValue(property, parameter) !== undefined) {
      throw new UnsupportedQueryError(`mapping parameter ${parameter}`, `field [${path}]`);
    }
  }
  if (isSearchable(property)) catalog.set(path, leafSpec(fieldType, property));
}

/**
 * Elasticsearch still searches, sorts and aggregates a field with `index: false` through its doc
 * values; only a field with neither is out of reach.
 */
function isSearchable(property: JsonRecord): boolean {
  return ownValue(property, 'index') !== false || ownValue(property, 'doc_values') !== false;
}

function leafSpec(type: FieldType, property: JsonRecord): FieldSpec {
  const ignoreAbove = ownValue(property, 'ignore_above');
  if (type === 'keyword' && typeof ignoreAbove === 'number') return { type, ignoreAbove };
  return { type };
}
