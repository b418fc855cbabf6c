import type { Branch, Flow, ReturnRoute, Screen } from './generated/flow-types';
import type { Answers } from './answers';
import { isQuestionScreen } from './answers';
import { conditionOutcomes, conditionSeen, evaluateCondition, type Flags } from './conditions';
import { flagDeclarations } from './flags';

/** The branches of a screen's `next`, in order; a plain id is one unconditional branch. */
export function branchesOf(screen: Screen): Branch[] {
  if (screen.next === undefined) return [];
  return typeof screen.next === 'string' ? [{ to: screen.next }] : screen.next;
}

/**
 * The screens a hosted payment started on `screen` may send the visitor back to (its `returnTo`, which a kind that
 * starts a payment has), by id. They follow the screen as its branches do.
 */
export function returnTargetsOf(flow: Flow, screen: Screen): string[] {
  if (!('returnTo' in screen) || !screen.returnTo) return [];
  const routes = new Set(Object.values(screen.returnTo).flatMap(returnRoutesOf));
  return flow.screens.filter((s) => routes.has(s.route)).map((s) => s.id);
}

/** Every route a return may lead to, whatever its conditions say. */
export function returnRoutesOf(value: ReturnRoute): string[] {
  return typeof value === 'string' ? [value] : value.map((branch) => branch.to);
}

/**
 * The route a return leads to now: a plain route, or the first conditional route whose condition holds
 * (the last one without `when` is the default), `seen` being the screens offered once that the visitor has seen.
 * Null when none holds.
 */
export function resolveReturnRoute(value: ReturnRoute, answers: Answers, results: Record<string, unknown>, flags: Flags, seen: readonly string[] = []): string | null {
  if (typeof value === 'string') return value;
  return value.find((branch) => !branch.when || evaluateCondition(branch.when, answers, results, flags, seen))?.to ?? null;
}

/** The flow's flags with their defaults: what a visitor gets until Remote Config says otherwise. */
export function defaultFlags(flow: Flow): Flags {
  return Object.fromEntries(Object.entries(flagDeclarations(flow)).map(([name, declaration]) => [name, declaration.default]));
}

/** Every screen that can follow `screen`: its branches' targets, then its payment return targets. */
export function followersOf(flow: Flow, screen: Screen): string[] {
  return [...new Set([...branchesOf(screen).map((b) => b.to), ...returnTargetsOf(flow, screen)])];
}

/**
 * Whether a screen is offered once (`once: true`, the discount pages): shown at most once per visitor, remembered as
 * seen when it opens. The schema allows `once` on the kinds that may be (kinds' `mayBeOfferedOnce`).
 */
export function isOfferedOnce(screen: Screen | undefined): boolean {
  return screen !== undefined && 'once' in screen && screen.once === true;
}

/** The ids of the flow's screens offered once. */
export function screensOfferedOnce(flow: Flow): Set<string> {
  return new Set(flow.screens.filter(isOfferedOnce).map((screen) => screen.id));
}

/** Every id reachable from `from` along `edges` (`from` included), breadth first. */
export function reachable(from: string, edges: (id: string) => readonly string[]): Set<string> {
  const seen = new Set<string>([from]);
  const queue = [from];
  while (queue.length > 0) {
    const id = queue.shift() as string;
    for (const next of edges(id)) {
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return seen;
}

const indexes = new WeakMap<Flow, { byId: ReadonlyMap<string, Screen>; byRoute: ReadonlyMap<string, Screen> }>();

/**
 * Indexes a flow by screen id and by route. Built once per flow object (a flow is never changed once loaded): every
 * answer walks the path with it, and on a slow phone rebuilding the maps each time was a visible part of a tap.
 */
export function indexFlow(flow: Flow): { byId: ReadonlyMap<string, Screen>; byRoute: ReadonlyMap<string, Screen> } {
  let index = indexes.get(flow);
  if (!index) {
    index = { byId: new Map(flow.screens.map((s) => [s.id, s])), byRoute: new Map(flow.screens.map((s) => [s.route, s])) };
    indexes.set(flow, index);
  }
  return index;
}

/**
 * The screen the visitor goes to from `screen` given the answers (and switches), or null at an end. Given the
 * machine's memory too (its effects' results and the screens seen), a branch on an effect's outcome or on a screen
 * seen is decided as the machine decides it; without, an effect has no outcome yet and no screen was seen.
 */
export function resolveNext(screen: Screen, answers: Answers, flags: Flags = {}, memory: { results?: Record<string, unknown>; seen?: readonly string[] } = {}): string | null {
  for (const branch of branchesOf(screen)) {
    if (!branch.when || evaluateCondition(branch.when, answers, memory.results ?? {}, flags, memory.seen ?? [])) return branch.to;
  }
  return null;
}

/**
 * Whether `screen` may have led to `id` given the answers (and switches): the branch the answers choose, and
 * before it any branch decided by an effect's outcome (a submit effect's, a payment result screen's status) or by
 * a screen offered once having been seen, which only the machine's memory knows: it may have been taken.
 */
export function mayLeadTo(screen: Screen, id: string, answers: Answers, flags: Flags = {}): boolean {
  for (const branch of branchesOf(screen)) {
    if (!branch.when) return branch.to === id;
    const once = conditionSeen(branch.when);
    if (conditionOutcomes(branch.when).length > 0) {
      if (branch.to === id) return true;
    } else if (once.length > 0) {
      // Whether those screens had been seen then: either way the answers and flags must allow the branch.
      const unseen = evaluateCondition(branch.when, answers, {}, flags, []);
      const seen = evaluateCondition(branch.when, answers, {}, flags, once);
      if (unseen && seen) return branch.to === id;
      if ((unseen || seen) && branch.to === id) return true;
    } else if (evaluateCondition(branch.when, answers, {}, flags)) {
      return branch.to === id;
    }
  }
  return false;
}

/**
 * The screens a visitor with these answers passes through, from the start to the end, following
 * the branches the answers choose (unanswered conditions take the default branch).
 */
export function pathFor(flow: Flow, answers: Answers, flags: Flags = defaultFlags(flow)): string[] {
  const { byId } = indexFlow(flow);
  const path: string[] = [];
  let current: string | null = flow.start;
  while (current !== null && !path.includes(current)) {
    path.push(current);
    const screen = byId.get(current);
    current = screen ? resolveNext(screen, answers, flags) : null;
  }
  return path;
}

/**
 * Keeps only the answers of screens on the path these answers choose, or on the visitor's trail as far
 * as it is still consistent with them (the trail also holds the screens reached by a payment return,
 * which no `next` leads to): a branch not taken loses its answers.
 */
export function pruneAnswers(flow: Flow, answers: Answers, trail: readonly string[] = [], flags: Flags = defaultFlags(flow)): Answers {
  const { byId } = indexFlow(flow);
  const onPath = new Set(
    [...pathFor(flow, answers, flags), ...consistentTrail(flow, trail, answers, flags)]
      .map((id) => byId.get(id))
      .filter((s): s is Screen => s !== undefined)
      .filter(isQuestionScreen)
      .map((s) => s.answerKey),
  );
  return Object.fromEntries(Object.entries(answers).filter(([key]) => onPath.has(key)));
}

/** Screens that lead to each screen (its possible predecessors). */
export function predecessors(flow: Flow): Map<string, string[]> {
  const result = new Map<string, string[]>(flow.screens.map((s) => [s.id, []]));
  for (const screen of flow.screens) {
    for (const next of followersOf(flow, screen)) {
      const list = result.get(next);
      if (list && !list.includes(screen.id)) list.push(screen.id);
    }
  }
  return result;
}

const returnPageSets = new WeakMap<Flow, ReadonlySet<string>>();

/** The screens a payment return may lead to, once per flow object. */
function returnPagesOf(flow: Flow): ReadonlySet<string> {
  let pages = returnPageSets.get(flow);
  if (!pages) {
    pages = new Set(flow.screens.flatMap((screen) => returnTargetsOf(flow, screen)));
    returnPageSets.set(flow, pages);
  }
  return pages;
}

/**
 * The longest start of `trail` that these answers would take: each screen is one its predecessor may
 * lead to. After an answer changes a branch, the screens past the change drop out.
 */
export function consistentTrail(flow: Flow, trail: readonly string[], answers: Answers, flags: Flags = defaultFlags(flow)): string[] {
  const { byId } = indexFlow(flow);
  // A payment return in a browser that held no progress keeps only the start behind it (compile-flow's returnTo).
  const returnPages = returnPagesOf(flow);
  const kept: string[] = [];
  for (const id of trail) {
    const previous = kept.at(-1);
    const before = previous === undefined ? undefined : byId.get(previous)!;
    const returnedToNew = kept.length === 1 && previous === flow.start && returnPages.has(id);
    const follows = before === undefined ? id === flow.start : mayLeadTo(before, id, answers, flags) || returnTargetsOf(flow, before).includes(id) || returnedToNew;
    if (!follows) break;
    kept.push(id);
  }
  return kept;
}
