/**
 * Drop-off per screen that stays right under branching (formbricks #1713, typebot #1902 got it wrong by
 * dividing by the previous row). For each screen: the visitors it was shown to, the visitors who went on from it
 * (they reached a screen they had not reached before, later), drop-off = 1 − went on / shown, and the median time
 * until they went on. A visitor who never reached a screen (a single visitor and the partner questions) is in none
 * of its numbers, so a branch never makes a rate negative or above 100 %. Each flow version is counted on its own
 * events only, and A/B variants can be told apart by a flag the visitors were assigned.
 */

/** One event of the funnel, as the event log holds it (only events with a screen id count). */
export interface FunnelEvent {
  /** The visitor (Amplitude's device id: the usid). */
  visitor: string;
  /** Milliseconds since the epoch. */
  time: number;
  screenId: string;
  flowId: string;
  flowVersion: number;
  /** The A/B flags the visitor had been assigned when the event was sent (`ab_priceSet` → priceSet). */
  assignments: Record<string, string>;
}

export interface DropOffRow {
  screenId: string;
  shown: number;
  wentOn: number;
  /** 1 − wentOn / shown, between 0 and 1; null on an end screen (nothing follows it) or when nobody was shown it. */
  dropOff: number | null;
  /** Median seconds from the screen's first showing to the next new screen, of the visitors who went on. */
  medianSeconds: number | null;
}

export interface DropOffTable {
  flowId: string;
  flowVersion: number;
  /** The A/B variant the table is for (`by` given): the flag's value, or null for visitors never assigned one. */
  variant: { flag: string; value: string | null } | null;
  visitors: number;
  rows: DropOffRow[];
}

/** How a flow version lists its screens: their order and the ones that end the funnel. */
export interface ScreenLayout {
  /** The screens in the order to list them (the flow's); screens seen only in the events follow, by first showing. */
  order?: readonly string[];
  /** Screens that end the funnel: no drop-off is computed for them. */
  ends?: ReadonlySet<string>;
}

export interface DropOffOptions extends ScreenLayout {
  flowId: string;
  /**
   * Each version's own layout, where known (the stored version): a screen a version added or moved is listed where
   * that version has it. A version without one is listed by `order` and `ends`.
   */
  layouts?: ReadonlyMap<number, ScreenLayout>;
  /** A flag to split the visitors by (their assignment; one table per value). */
  by?: string;
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Appends `value` to the list at `key` (made on first use): lists grow in place, however many visitors there are. */
function append<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Each screen the visitor reached with the time they first reached it, in that order. */
function firstShowings(events: readonly FunnelEvent[]): Array<{ screenId: string; time: number }> {
  const first = new Map<string, number>();
  for (const event of [...events].sort((a, b) => a.time - b.time)) if (!first.has(event.screenId)) first.set(event.screenId, event.time);
  return [...first].map(([screenId, time]) => ({ screenId, time })).sort((a, b) => a.time - b.time);
}

/** The layout a version's table is listed by: its own, else the options'. */
export function layoutFor(flowVersion: number, options: DropOffOptions): ScreenLayout {
  return options.layouts?.get(flowVersion) ?? options;
}

function table(flowId: string, flowVersion: number, variant: DropOffTable['variant'], visitors: Map<string, FunnelEvent[]>, options: DropOffOptions): DropOffTable {
  const layout = layoutFor(flowVersion, options);
  const shown = new Map<string, number>();
  const wentOn = new Map<string, number>();
  const waits = new Map<string, number[]>();
  // The screens in the order the events first show them (for screens the flow does not list).
  const appearance = new Set<string>();
  for (const events of visitors.values()) {
    const showings = firstShowings(events);
    showings.forEach(({ screenId, time }, i) => {
      appearance.add(screenId);
      shown.set(screenId, (shown.get(screenId) ?? 0) + 1);
      const next = showings[i + 1];
      if (!next) return;
      wentOn.set(screenId, (wentOn.get(screenId) ?? 0) + 1);
      append(waits, screenId, (next.time - time) / 1000);
    });
  }
  const listed = new Set(layout.order ?? []);
  const order = [...listed, ...[...appearance].filter((id) => !listed.has(id))];
  const rows = order
    .filter((screenId) => shown.has(screenId))
    .map((screenId) => {
      const count = shown.get(screenId) ?? 0;
      const on = wentOn.get(screenId) ?? 0;
      return {
        screenId,
        shown: count,
        wentOn: on,
        dropOff: layout.ends?.has(screenId) || count === 0 ? null : (count - on) / count,
        medianSeconds: median(waits.get(screenId) ?? []),
      };
    });
  return { flowId, flowVersion, variant, visitors: visitors.size, rows };
}

/**
 * The drop-off tables of a flow, one per flow version (newest first), and per variant of `options.by` when given
 * (variants in name order, the unassigned last). Events of other flows are left out.
 */
export function dropOff(events: readonly FunnelEvent[], options: DropOffOptions): DropOffTable[] {
  const byVersion = new Map<number, Map<string, FunnelEvent[]>>();
  for (const event of events) {
    if (event.flowId !== options.flowId) continue;
    const visitors = byVersion.get(event.flowVersion) ?? new Map<string, FunnelEvent[]>();
    append(visitors, event.visitor, event);
    byVersion.set(event.flowVersion, visitors);
  }
  const tables: DropOffTable[] = [];
  for (const version of [...byVersion.keys()].sort((a, b) => b - a)) {
    const visitors = byVersion.get(version)!;
    const flag = options.by;
    if (!flag) {
      tables.push(table(options.flowId, version, null, visitors, options));
      continue;
    }
    // A visitor's variant is sticky: the first value they were assigned.
    const variants = new Map<string | null, Map<string, FunnelEvent[]>>();
    for (const [visitor, own] of visitors) {
      const value = [...own].sort((a, b) => a.time - b.time).find((e) => Object.hasOwn(e.assignments, flag))?.assignments[flag] ?? null;
      const group = variants.get(value) ?? new Map<string, FunnelEvent[]>();
      group.set(visitor, own);
      variants.set(value, group);
    }
    const values = [...variants.keys()].sort((a, b) => (a === null ? 1 : b === null ? -1 : a.localeCompare(b)));
    for (const value of values) tables.push(table(options.flowId, version, { flag, value }, variants.get(value)!, options));
  }
  return tables;
}

/** One event log row's fields as a FunnelEvent, or null when it is no funnel event (no screen id, flow or version). */
export function funnelEventOf(visitor: string | null, time: number, properties: unknown): FunnelEvent | null {
  if (!visitor || typeof properties !== 'object' || properties === null) return null;
  const props: Record<string, unknown> = Object.fromEntries(Object.entries(properties));
  const screenId = props.screen_id;
  const flowId = props.flow_id;
  const flowVersion = props.flow_version;
  if (typeof screenId !== 'string' || typeof flowId !== 'string' || typeof flowVersion !== 'number') return null;
  const assignments: Record<string, string> = {};
  for (const [key, value] of Object.entries(props)) if (key.startsWith('ab_') && (typeof value === 'string' || typeof value === 'boolean')) assignments[key.slice(3)] = String(value);
  return { visitor, time, screenId, flowId, flowVersion, assignments };
}
