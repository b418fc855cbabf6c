import type { Flow, Screen } from './generated/flow-types';
import { screenGraph, type ScreenEdge } from './screen-graph';
import type { KindRegistry } from './kinds/screen-kind';

/**
 * One difference between two flows, as a reviewer reads it: `+` added, `-` removed, `~` changed, then what and
 * where (by screen id, never by position in the file).
 */
export type FlowDifference = string;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function isObject(value: unknown): value is { [key: string]: Json } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A value on one line: strings quoted, the rest as JSON. */
function show(value: Json | undefined): string {
  return JSON.stringify(value) ?? 'nothing';
}

/**
 * The field-by-field differences of two JSON values under `path` (`title`, `messages.required`, `body[1]`),
 * each as `what: before → after`, `+ what: value` or `- what`.
 */
function fieldChanges(before: Json | undefined, after: Json | undefined, path: string, out: Array<{ sign: '+' | '-' | '~'; text: string }>) {
  if (JSON.stringify(before) === JSON.stringify(after)) return;
  if (before === undefined) {
    out.push({ sign: '+', text: `${path}: ${show(after)}` });
    return;
  }
  if (after === undefined) {
    out.push({ sign: '-', text: path });
    return;
  }
  if (isObject(before) && isObject(after)) {
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) fieldChanges(before[key], after[key], path ? `${path}.${key}` : key, out);
    return;
  }
  if (Array.isArray(before) && Array.isArray(after) && before.length === after.length) {
    before.forEach((value, i) => fieldChanges(value, after[i], `${path}[${i}]`, out));
    return;
  }
  out.push({ sign: '~', text: `${path}: ${show(before)} → ${show(after)}` });
}

/** A flow or a screen as plain JSON (the validated type is JSON by construction). */
function asJson(value: unknown): Json {
  return JSON.parse(JSON.stringify(value)) as Json;
}

/** The fields of a JSON object (none of anything else). */
function asObject(value: Json): { [key: string]: Json } {
  return isObject(value) ? value : {};
}

/** The options of a question screen by value, if it has any. */
function optionsOf(screen: Screen): Map<string, Json> {
  const options: unknown = 'options' in screen ? screen.options : undefined;
  const byValue = new Map<string, Json>();
  if (Array.isArray(options)) for (const option of options) if (isObject(option) && typeof option.value === 'string') byValue.set(option.value, asJson(option));
  return byValue;
}

/** A screen's fields that are not its ways out (those are compared as transitions) nor its options. */
function ownFields(screen: Screen): { [key: string]: Json } {
  const { id: _id, next: _next, returnTo: _returnTo, options: _options, back, ...rest } = asObject(asJson(screen));
  // The back button's target is a transition; its delay is the screen's own.
  return isObject(back) && back.delayMs !== undefined ? { ...rest, 'back.delayMs': back.delayMs } : rest;
}

const edgeKey = (e: ScreenEdge) => `${e.from} ${e.kind} ${e.to}`;
const edgeText = (e: ScreenEdge) => `${e.kind === 'next' ? 'transition' : e.kind} ${e.from} → ${e.to}`;

/** The transitions that differ: by source, kind and target; a changed condition is one `~` line. */
function transitionChanges(a: Flow, b: Flow, kinds: KindRegistry): FlowDifference[] {
  const edgesA = screenGraph(a, kinds).edges;
  const edgesB = screenGraph(b, kinds).edges;
  const group = (edges: ScreenEdge[]) => {
    const map = new Map<string, string[]>();
    for (const edge of edges) {
      const labels = map.get(edgeKey(edge)) ?? [];
      labels.push(edge.label);
      map.set(edgeKey(edge), labels);
    }
    return map;
  };
  const before = group(edgesA);
  const after = group(edgesB);
  const lines: FlowDifference[] = [];
  const label = (text: string) => (text ? ` [${text}]` : '');
  const describe = new Map([...edgesA, ...edgesB].map((e) => [edgeKey(e), edgeText(e)]));
  for (const key of new Set([...before.keys(), ...after.keys()])) {
    const was = before.get(key) ?? [];
    const now = after.get(key) ?? [];
    const text = describe.get(key) ?? key;
    const removed = was.filter((l) => !now.includes(l));
    const added = now.filter((l) => !was.includes(l));
    // One condition replaced by another on the same way: a change, not a removal and an addition.
    if (removed.length === 1 && added.length === 1 && was.length === now.length) {
      lines.push(`~ ${text}: [${removed[0]}] → [${added[0]}]`);
      continue;
    }
    for (const l of removed) lines.push(`- ${text}${label(l)}`);
    for (const l of added) lines.push(`+ ${text}${label(l)}`);
  }
  return lines;
}

/**
 * What changed from flow `a` to flow `b`, screen by screen (by id): screens added and removed; for the others,
 * their fields (texts, messages, effects, analytics events, back delay…) and options (by value); transitions
 * (branches with their conditions, back targets, payment returns) added, removed and with a changed condition;
 * then the flow's own fields, its flags (by name) and its default events. Empty when the flows are the same.
 */
export function diffFlows(a: Flow, b: Flow, kinds: KindRegistry): FlowDifference[] {
  const lines: FlowDifference[] = [];
  const before = new Map(a.screens.map((s) => [s.id, s]));
  const after = new Map(b.screens.map((s) => [s.id, s]));
  for (const screen of b.screens) {
    const old = before.get(screen.id);
    if (!old) {
      lines.push(`+ screen ${screen.id} (${screen.route}, ${screen.kind})`);
      continue;
    }
    const fields: Array<{ sign: '+' | '-' | '~'; text: string }> = [];
    const mine = ownFields(screen);
    const theirs = ownFields(old);
    for (const key of new Set([...Object.keys(theirs), ...Object.keys(mine)])) fieldChanges(theirs[key], mine[key], key, fields);
    const oldOptions = optionsOf(old);
    const newOptions = optionsOf(screen);
    for (const [value, option] of newOptions) {
      const was = oldOptions.get(value);
      if (was === undefined) fields.push({ sign: '+', text: `option ${value}: ${show(isObject(option) ? option.label : option)}` });
      else fieldChanges(was, option, `option ${value}`, fields);
    }
    for (const value of oldOptions.keys()) if (!newOptions.has(value)) fields.push({ sign: '-', text: `option ${value}` });
    for (const field of fields) lines.push(`${field.sign} screen ${screen.id} ${field.text}`);
  }
  for (const screen of a.screens) if (!after.has(screen.id)) lines.push(`- screen ${screen.id} (${screen.route}, ${screen.kind})`);
  lines.push(...transitionChanges(a, b, kinds));

  const flowFields: Array<{ sign: '+' | '-' | '~'; text: string }> = [];
  const { screens: _a, flags: aFlags, ...aRest } = asObject(asJson(a));
  const { screens: _b, flags: bFlags, ...bRest } = asObject(asJson(b));
  for (const key of new Set([...Object.keys(aRest), ...Object.keys(bRest)])) fieldChanges(aRest[key], bRest[key], key, flowFields);
  const flagsA = isObject(aFlags) ? aFlags : {};
  const flagsB = isObject(bFlags) ? bFlags : {};
  for (const name of new Set([...Object.keys(flagsA), ...Object.keys(flagsB)])) {
    if (flagsA[name] === undefined) flowFields.push({ sign: '+', text: `flag ${name}: ${show(flagsB[name])}` });
    else if (flagsB[name] === undefined) flowFields.push({ sign: '-', text: `flag ${name}` });
    else fieldChanges(flagsA[name], flagsB[name], `flag ${name}`, flowFields);
  }
  for (const field of flowFields) lines.push(`${field.sign} flow ${field.text}`);
  return lines;
}
