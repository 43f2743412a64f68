/**
 * Indices a load left behind. A load that fails or is interrupted deletes what it created, but a
 * load killed outright (SIGKILL, a lost machine) cannot: its half-built indices stay, unaliased,
 * never served. Every index a load creates carries a marker in its mapping's `_meta` (the prefix,
 * the load's stamp and a heartbeat the load renews while it builds), and the next load of the
 * prefix deletes the indices that
 *
 * - carry the marker of its prefix (an index made by hand or by another prefix is never touched),
 * - no alias points at (nothing serves them), and
 * - whose heartbeat is older than `staleAfterMs` (no live load is building them: a live load
 *   renews it every `HEARTBEAT_MS`).
 */
import type { Client } from '@elastic/elasticsearch';

/** How often a load renews the heartbeat of the indices it has created. */
export const HEARTBEAT_MS = 10_000;

/** How long without a heartbeat before a load's unaliased indices count as left behind. */
export const STALE_AFTER_MS = 60_000;

/** The marker in a load's indices' `_meta`. */
export interface LoadMarker {
  load: { prefix: string; stamp: string; heartbeat: string };
}

/** The `_meta` of the indices of the load stamped `stamp`, its heartbeat `now`. */
export function loadMarker(prefix: string, stamp: string, now = new Date()): LoadMarker {
  return { load: { prefix, stamp, heartbeat: now.toISOString() } };
}

/** Renews the heartbeat of `indices` (those the load has created so far). */
export async function renewHeartbeat(
  client: Client,
  indices: readonly string[],
  prefix: string,
  stamp: string,
): Promise<void> {
  if (indices.length === 0) return;
  await client.indices.putMapping({
    index: [...indices],
    _meta: { ...loadMarker(prefix, stamp) },
    ignore_unavailable: true,
  });
}

interface IndexEntry {
  aliases?: Record<string, unknown>;
  mappings?: { _meta?: Partial<LoadMarker> };
}

/** The indices of `prefix`'s loads that nothing serves and no live load builds, at `now`. */
export async function findLeftovers(
  client: Client,
  prefix: string,
  staleAfterMs: number,
  now = Date.now(),
): Promise<string[]> {
  const answer = (await client.indices.get(
    { index: `${prefix}-*`, expand_wildcards: ['open', 'closed'], filter_path: ['*.aliases', '*.mappings._meta'] },
    { ignore: [404] },
  )) as Record<string, IndexEntry>;
  const left: string[] = [];
  for (const [index, entry] of Object.entries(answer ?? {})) {
    const marker = entry.mappings?._meta?.load;
    if (marker?.prefix !== prefix || Object.keys(entry.aliases ?? {}).length > 0) continue;
    const beat = Date.parse(marker.heartbeat);
    if (Number.isNaN(beat) || now - beat > staleAfterMs) left.push(index);
  }
  return left.sort();
}
