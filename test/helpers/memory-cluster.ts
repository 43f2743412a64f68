/**
 * An in-memory Elasticsearch cluster behind the mock connection: indices created with a body,
 * documents written by bulk and index requests (seen by count and search only after a refresh,
 * as in Elasticsearch), aliases moved by `_aliases` all-or-nothing, and `_search` on an alias
 * answered by the embedded engine's index over the documents, built with the mapping the index
 * was created with and given the request body unchanged. Points in time hold the index they were
 * opened on, as it was, until closed, and a search on one continues after `search_after` on its
 * first sort field (numbers, ascending, as the service's walks sort). It answers the requests the engine
 * and the loader make, shaped as Elasticsearch 9 answers them; any other request is a 400
 * naming it, so a new kind of request cannot pass unnoticed.
 */
import type { estypes } from '@elastic/elasticsearch';
import { DocumentIndex } from '../../src/index/embedded/document-index.ts';
import { fieldCatalogFromMapping } from '../../src/index/embedded/build/field-catalog.ts';
import type { SearchBody } from '../../src/index/engine.ts';
import { errorAnswer, type MockAnswer, type RecordedRequest } from './elasticsearch-mock.ts';

interface StoredIndex {
  name: string;
  settings: Record<string, unknown>;
  mappings: estypes.MappingTypeMapping;
  /** documents a refresh has made visible, and those written since */
  visible: Map<string, object>;
  written: Map<string, object>;
  searcher?: DocumentIndex<object>;
}

type PitSearch = SearchBody & { pit?: { id: string }; search_after?: estypes.SortResults };

type AliasAction = Partial<Record<'add' | 'remove' | 'remove_index', { index: string; alias?: string }>>;

const SHARDS = { total: 1, successful: 1, failed: 0 };
const missingIndex = (name: string) => errorAnswer(404, 'index_not_found_exception', `no such index [${name}]`);
const matches = (pattern: string, name: string) =>
  new RegExp(
    `^${pattern
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  ).test(name);

export class MemoryCluster {
  readonly indices = new Map<string, StoredIndex>();
  /** alias → the indices it points at */
  readonly aliases = new Map<string, Set<string>>();
  /** open points in time → the index each was opened on */
  readonly pits = new Map<string, StoredIndex>();
  private pitCount = 0;

  /** The mock connection's handler. */
  readonly handle = (request: RecordedRequest): MockAnswer => {
    const [first = '', second, third] = request.path.slice(1).split('/');
    const { method } = request;
    if (request.path === '/' && method === 'GET')
      return {
        body: { name: 'memory', cluster_name: 'memory', version: { number: '9.1.0' }, tagline: 'You Know, for Search' },
      };
    if (first === '_alias' && second && method === 'GET') return this.getAliases(second.split(','));
    if (first === '_aliases' && method === 'POST')
      return this.updateAliases(request.body as { actions: AliasAction[] });
    if (first === '_search' && second === undefined) return this.searchPointInTime(request.body as PitSearch);
    if (first === '_pit' && method === 'DELETE') return this.closePointInTime((request.body as { id: string }).id);
    if (second === '_pit' && method === 'POST') return this.openPointInTime(first);
    if (first === '_bulk' && (method === 'POST' || method === 'PUT'))
      return this.bulk(undefined, request.body as object[]);
    if (!first.startsWith('_') && second === undefined) {
      if (method === 'PUT')
        return this.create(
          first,
          request.body as { settings?: Record<string, unknown>; mappings?: estypes.MappingTypeMapping },
        );
      if (method === 'DELETE')
        return this.delete(first.split(','), request.querystring.includes('ignore_unavailable=true'));
      if (method === 'GET') return this.getIndices(first.split(','));
    }
    if (second === '_mapping' && method === 'PUT')
      return this.putMeta(first.split(','), (request.body as { _meta?: object })._meta);
    if (second === '_bulk' && (method === 'POST' || method === 'PUT'))
      return this.bulk(first, request.body as object[]);
    if (second === '_refresh') return this.refresh(first);
    if (second === '_count') return this.count(first, request.body);
    if (second === '_search') return this.search(first, request.body as SearchBody);
    if (second === '_doc' && third !== undefined) {
      if (method === 'GET') return this.getDocument(first, third);
      if (method === 'PUT' || method === 'POST')
        return this.putDocument(first, third, request.body as object, request.querystring);
    }
    return errorAnswer(400, 'mock_unsupported_request', `the memory cluster does not answer ${method} ${request.path}`);
  };

  /** The one index `name` (an index or an alias of one index) stands for. */
  private resolve(name: string): StoredIndex | MockAnswer {
    const aliased = this.aliases.get(name);
    if (aliased && aliased.size > 1)
      return errorAnswer(400, 'mock_unsupported_request', `alias [${name}] points at several indices`);
    const index = this.indices.get(aliased ? [...aliased][0]! : name);
    return index ?? missingIndex(name);
  }

  private create(
    name: string,
    body: { settings?: Record<string, unknown>; mappings?: estypes.MappingTypeMapping } = {},
  ): MockAnswer {
    if (this.indices.has(name) || this.aliases.has(name)) {
      return errorAnswer(400, 'resource_already_exists_exception', `index [${name}] already exists`);
    }
    this.indices.set(name, {
      name,
      settings: body.settings ?? {},
      mappings: body.mappings ?? {},
      visible: new Map(),
      written: new Map(),
    });
    return { body: { acknowledged: true, shards_acknowledged: true, index: name } };
  }

  /** Each index that `patterns` match, with its aliases and mapping (`_meta` included). */
  private getIndices(patterns: string[]): MockAnswer {
    const found: Record<string, { aliases: Record<string, object>; mappings: estypes.MappingTypeMapping }> = {};
    for (const [name, index] of this.indices) {
      if (!patterns.some((pattern) => matches(pattern, name))) continue;
      const aliases = [...this.aliases].filter(([, targets]) => targets.has(name)).map(([alias]) => [alias, {}]);
      found[name] = { aliases: Object.fromEntries(aliases), mappings: index.mappings };
    }
    const exact = patterns.find((pattern) => !pattern.includes('*') && !this.indices.has(pattern));
    return exact === undefined ? { body: found } : missingIndex(exact);
  }

  /** The only change of a mapping the loader makes: its `_meta`, replaced whole. */
  private putMeta(names: string[], meta: object | undefined): MockAnswer {
    for (const name of names) {
      const index = this.indices.get(name);
      if (index && meta !== undefined) index.mappings = { ...index.mappings, _meta: meta as estypes.Metadata };
    }
    return { body: { acknowledged: true } };
  }

  private delete(names: string[], ignoreUnavailable: boolean): MockAnswer {
    for (const name of names) {
      if (this.aliases.has(name))
        return errorAnswer(400, 'illegal_argument_exception', `[${name}] is an alias; name the concrete indices`);
      if (!this.indices.has(name) && !ignoreUnavailable) return missingIndex(name);
    }
    for (const name of names) this.dropIndex(name);
    return { body: { acknowledged: true } };
  }

  private dropIndex(name: string): void {
    this.indices.delete(name);
    for (const alias of [...this.aliases.keys()]) this.unbind(alias, name);
  }

  private unbind(alias: string, index: string): void {
    const targets = this.aliases.get(alias);
    targets?.delete(index);
    if (targets?.size === 0) this.aliases.delete(alias);
  }

  private bulk(defaultIndex: string | undefined, lines: object[]): MockAnswer {
    const items: Record<string, { _index: string; _id: string; status: number; result?: string; error?: object }>[] =
      [];
    for (let n = 0; n < lines.length; n += 2) {
      const [op, action] = Object.entries(lines[n]!)[0] as [string, { _index?: string; _id: string }];
      const name = action._index ?? defaultIndex ?? '';
      const index = this.indices.get(name);
      const status = index ? 201 : 404;
      if (index) {
        index.written.set(action._id, lines[n + 1]!);
      }
      items.push({
        [op]: {
          _index: name,
          _id: action._id,
          status,
          ...(index
            ? { result: 'created' }
            : { error: { type: 'index_not_found_exception', reason: `no such index [${name}]` } }),
        },
      });
    }
    return {
      body: {
        took: 1,
        errors: items.some((item) => Object.values(item).some((result) => result.status >= 300)),
        items,
      },
    };
  }

  private refresh(name: string): MockAnswer {
    const index = this.resolve(name);
    if (!('visible' in index)) return index;
    for (const [id, doc] of index.written) index.visible.set(id, doc);
    index.written.clear();
    delete index.searcher;
    return { body: { _shards: SHARDS } };
  }

  private count(name: string, body: unknown): MockAnswer {
    if (body !== undefined)
      return errorAnswer(400, 'mock_unsupported_request', 'the memory cluster counts whole indices only');
    const index = this.resolve(name);
    return 'visible' in index ? { body: { count: index.visible.size, _shards: SHARDS } } : index;
  }

  private search(name: string, body: SearchBody = {}): MockAnswer {
    const index = this.resolve(name);
    return 'visible' in index ? this.searchIn(index, body) : index;
  }

  private searchIn(index: StoredIndex, body: SearchBody): MockAnswer {
    try {
      index.searcher ??= DocumentIndex.build(index.visible.values(), {
        fields: fieldCatalogFromMapping(index.mappings),
        sourceExcludes: index.mappings._source?.excludes ?? [],
        idField: 'id',
        name: index.name,
      });
      return { body: index.searcher.search(body) };
    } catch (error) {
      return errorAnswer(400, 'parsing_exception', (error as Error).message);
    }
  }

  private openPointInTime(name: string): MockAnswer {
    const index = this.resolve(name);
    if (!('visible' in index)) return index;
    const id = `pit-${++this.pitCount}`;
    this.pits.set(id, { ...index, visible: new Map(index.visible) });
    return { body: { id, _shards: SHARDS } };
  }

  private closePointInTime(id: string): MockAnswer {
    const freed = this.pits.delete(id);
    return { statusCode: freed ? 200 : 404, body: { succeeded: freed, num_freed: freed ? 1 : 0 } };
  }

  /** `search_after` as a range past the first sort value; the walks the service makes need no more. */
  private searchPointInTime({ pit, search_after: after, ...body }: PitSearch): MockAnswer {
    const index = pit && this.pits.get(pit.id);
    if (!index || !this.indices.has(index.name))
      return errorAnswer(404, 'search_context_missing_exception', `No search context found for id [${pit?.id}]`);
    const [first] = [body.sort].flat();
    const field = typeof first === 'object' ? Object.keys(first)[0] : first;
    if (after !== undefined && (field === undefined || typeof after[0] !== 'number'))
      return errorAnswer(400, 'mock_unsupported_request', 'search_after on a first sort field of numbers only');
    const past = after === undefined ? [] : [{ range: { [field!]: { gte: Math.floor(after[0] as number) + 1 } } }];
    const query = { bool: { filter: [...(body.query ? [body.query] : []), ...past] } };
    const answer = this.searchIn(index, { ...body, query });
    if (!('body' in answer) || answer.statusCode !== undefined) return answer;
    const result = answer.body as estypes.SearchResponse;
    // Elasticsearch adds its own tiebreaker to the sort of a point in time.
    for (const [n, hit] of result.hits.hits.entries()) hit.sort = [...(hit.sort ?? []), n];
    return { body: { ...result, pit_id: pit!.id } };
  }

  private getDocument(name: string, id: string): MockAnswer {
    const index = this.resolve(name);
    if (!('visible' in index)) return index;
    const source = index.visible.get(id);
    return source
      ? { body: { _index: index.name, _id: id, _version: 1, found: true, _source: source } }
      : { statusCode: 404, body: { _index: index.name, _id: id, found: false } };
  }

  private putDocument(name: string, id: string, source: object, querystring: string): MockAnswer {
    const index = this.resolve(name);
    if (!('visible' in index)) return index;
    index.written.set(id, source);
    if (/(^|&)refresh=(true|wait_for)/.test(querystring)) this.refresh(index.name);
    return { statusCode: 201, body: { _index: index.name, _id: id, _version: 1, result: 'created' } };
  }

  private getAliases(names: string[]): MockAnswer {
    const found: Record<string, { aliases: Record<string, object> }> = {};
    const missing: string[] = [];
    for (const name of names) {
      const hits = [...this.aliases].filter(([alias]) => matches(name, alias));
      if (hits.length === 0 && !name.includes('*')) missing.push(name);
      for (const [alias, targets] of hits)
        for (const index of targets) (found[index] ??= { aliases: {} }).aliases[alias] = {};
    }
    if (missing.length > 0)
      return { statusCode: 404, body: { error: `alias [${missing.join(',')}] missing`, status: 404, ...found } };
    return { body: found };
  }

  /** All actions are checked before any is applied, as Elasticsearch applies them atomically. */
  private updateAliases({ actions }: { actions: AliasAction[] }): MockAnswer {
    for (const action of actions) {
      const [type, target] = Object.entries(action)[0] as [keyof AliasAction, { index: string; alias?: string }];
      if (!this.indices.has(target.index)) return missingIndex(target.index);
      if (type === 'add' && this.indices.has(target.alias!)) {
        return errorAnswer(
          400,
          'invalid_alias_name_exception',
          `an index exists with the same name as the alias [${target.alias}]`,
        );
      }
      if (type === 'remove' && !this.aliases.get(target.alias!)?.has(target.index)) {
        return errorAnswer(404, 'aliases_not_found_exception', `aliases [${target.alias}] missing`);
      }
    }
    for (const action of actions) {
      const [type, target] = Object.entries(action)[0] as [keyof AliasAction, { index: string; alias?: string }];
      if (type === 'add')
        (this.aliases.get(target.alias!) ?? this.aliases.set(target.alias!, new Set()).get(target.alias!)!).add(
          target.index,
        );
      if (type === 'remove') this.unbind(target.alias!, target.index);
      if (type === 'remove_index') this.dropIndex(target.index);
    }
    return { body: { acknowledged: true } };
  }
}
