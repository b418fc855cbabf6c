import type { Move } from '../../engine/compile-flow';
import { screenIdOf } from '../../engine/compile-flow';
import type { FunnelActor } from '../funnel/create-funnel';

/** What the funnel asks of the address bar: show a screen's route (reached by `move`), or leave for a page outside the flow. */
export type AddressIntent = { kind: 'screen'; route: string; move: Move } | { kind: 'leave'; path: string };

/**
 * The funnel's moves as address changes, queued from the moment the funnel starts: the address bar's writer (a view)
 * may mount after the funnel has moved (a tap on the landing before the code arrived), and takes them in order then.
 */
export interface AddressIntents {
  /** The intents not yet carried out, oldest first; taking them empties the queue. */
  take(): AddressIntent[];
  /** Whether the funnel has moved since the writer last took its moves (the address bar is behind the funnel). */
  pending(): boolean;
  /** Called after each new intent. */
  subscribe(listener: () => void): () => void;
  /** Starts following a funnel (once). */
  follow(funnel: FunnelActor, routeOf: (screen: string) => string | undefined): void;
}

export function addressIntents(): AddressIntents {
  let queue: AddressIntent[] = [];
  const listeners = new Set<() => void>();
  let following = false;
  const add = (intent: AddressIntent) => {
    queue.push(intent);
    for (const listener of [...listeners]) listener();
  };
  return {
    take: () => {
      const taken = queue;
      queue = [];
      return taken;
    },
    pending: () => queue.length > 0,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    follow: (funnel, routeOf) => {
      if (following) return;
      following = true;
      let last = screenIdOf(funnel.getSnapshot());
      let left = funnel.getSnapshot().context.leaving?.seq ?? 0;
      funnel.subscribe((snapshot) => {
        const { leaving, move } = snapshot.context;
        if (leaving && leaving.seq !== left) {
          left = leaving.seq;
          add({ kind: 'leave', path: leaving.path });
        }
        const screen = screenIdOf(snapshot);
        if (screen === last) return;
        last = screen;
        const route = routeOf(screen);
        if (route) add({ kind: 'screen', route, move });
      });
    },
  };
}
