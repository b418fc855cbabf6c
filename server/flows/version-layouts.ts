import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { ScreenLayout } from '../../src/engine/drop-off';
import type { Database } from '../db/schema';

/**
 * How each stored version of a flow lists its screens, for the drop-off report: a version's table follows that
 * version's screens (a screen it added, moved or removed), not whatever `flows/` holds today. Versions are immutable,
 * so a layout once read is kept.
 */
export interface VersionLayouts {
  /** The layouts of those of `versions` the flow store holds. */
  of(flowId: string, versions: readonly number[]): Promise<Map<number, ScreenLayout>>;
}

/** A flow's screens in their order, and its end screens; null for what is not a flow's JSON. */
export function layoutOfFlow(data: unknown): ScreenLayout | null {
  const screens = typeof data === 'object' && data !== null ? (data as { screens?: unknown }).screens : undefined;
  if (!Array.isArray(screens)) return null;
  const listed = screens.filter((s): s is { id: string; end?: unknown } => typeof s === 'object' && s !== null && typeof (s as { id?: unknown }).id === 'string');
  return { order: listed.map((s) => s.id), ends: new Set(listed.filter((s) => s.end === true).map((s) => s.id)) };
}

export function versionLayouts(db: Kysely<Database>, kept = 64): VersionLayouts {
  const cache = new LRUCache<string, ScreenLayout>({ max: kept });
  return {
    async of(flowId, versions) {
      const layouts = new Map<number, ScreenLayout>();
      const missing: number[] = [];
      for (const version of new Set(versions)) {
        const known = cache.get(`${flowId}@${version}`);
        if (known) layouts.set(version, known);
        else missing.push(version);
      }
      if (missing.length === 0) return layouts;
      const rows = await db.selectFrom('flow_versions').select(['version', 'json']).where('flow_id', '=', flowId).where('version', 'in', missing).execute();
      for (const row of rows) {
        let layout: ScreenLayout | null = null;
        try {
          layout = layoutOfFlow(JSON.parse(row.json));
        } catch {
          // Stored versions were checked before they were stored: nothing to list by if one is not JSON after all.
        }
        if (!layout) continue;
        cache.set(`${flowId}@${row.version}`, layout);
        layouts.set(row.version, layout);
      }
      return layouts;
    },
  };
}
