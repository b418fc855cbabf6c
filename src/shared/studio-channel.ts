/**
 * The flow studio's live view: a tab of the app and a studio tab of the same browser and origin talk over a
 * BroadcastChannel of this name. Nothing leaves the browser, and nothing personal crosses it: screen ids only, never
 * an answer or an email.
 *
 * The studio says `hello` when it opens, and again whenever an app tab says it is `ready` (a tab opened after the
 * studio). An app tab answers a hello with its `state`, from then on sends one on every change of screen, and `bye`
 * when the tab goes away. Until it has heard a hello, an app tab has said only `ready`, which carries nothing.
 */
export const STUDIO_CHANNEL = 'astrelle-studio';

export interface StudioHello {
  type: 'hello';
}

export interface StudioState {
  type: 'state';
  /** This app tab, for as long as it lives (random, not the visitor's id). */
  tab: string;
  flowId: string;
  flowVersion: number;
  /** The screen the visitor is on. */
  screen: string;
  /** The screens on the visitor's path, from the start to the furthest reached (the machine's trail). */
  trail: string[];
  /** Milliseconds since the epoch, when the tab sent it. */
  at: number;
}

export interface StudioReady {
  type: 'ready';
}

export interface StudioBye {
  type: 'bye';
  tab: string;
}

export type StudioMessage = StudioHello | StudioReady | StudioState | StudioBye;

/** A message from the channel, checked: anything of another shape (another version of the app, say) is null. */
export function readStudioMessage(data: unknown): StudioMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  const m = data as Record<string, unknown>;
  if (m.type === 'hello') return { type: 'hello' };
  if (m.type === 'ready') return { type: 'ready' };
  if (m.type === 'bye' && typeof m.tab === 'string') return { type: 'bye', tab: m.tab };
  if (
    m.type === 'state' &&
    typeof m.tab === 'string' &&
    typeof m.flowId === 'string' &&
    typeof m.flowVersion === 'number' &&
    typeof m.screen === 'string' &&
    Array.isArray(m.trail) &&
    m.trail.every((s) => typeof s === 'string') &&
    typeof m.at === 'number'
  ) {
    return { type: 'state', tab: m.tab, flowId: m.flowId, flowVersion: m.flowVersion, screen: m.screen, trail: m.trail as string[], at: m.at };
  }
  return null;
}
