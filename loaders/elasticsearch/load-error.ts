/**
 * A load into Elasticsearch that did not complete. Its message says which step failed and why,
 * and what became of the indices the load had created (deleted, or left for the operator).
 */
export class ElasticsearchLoadError extends Error {
  override name = 'ElasticsearchLoadError';
}
