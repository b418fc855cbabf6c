import type { Session } from '../../shared/contract/subscription';

/** The part of the funnel actor this needs: the screens offered once it has shown, and the SEEN event. */
interface SeenFunnel {
  getSnapshot(): { context: { seen: readonly string[] } };
  subscribe(listener: (snapshot: { context: { seen: readonly string[] } }) => void): unknown;
  send(event: { type: 'SEEN'; screens: readonly string[] }): void;
}

/** The part of the session actor this needs: the visitor's id and the session as last loaded. */
interface SeenSession {
  getSnapshot(): { context: { id: string | null; session: Session | null } };
  subscribe(listener: (snapshot: { context: { id: string | null; session: Session | null } }) => void): unknown;
}

/**
 * Keeps the funnel's screens offered once (the discount pages, `once: true`) and the visitor's session on the server
 * in step, so that a discount page is offered at most once per visitor, whichever tab or page load it was in:
 * - what the session remembers (as it loads on each page, or answers a save) goes to the funnel as SEEN;
 * - each screen the funnel shows for the first time is remembered by the session (POST /subs/sessions/{id}/seen),
 *   once the session's id is known; a save that failed is tried again at the next change of either.
 * Only screen ids travel; nothing about the visitor.
 */
export function rememberSeen(funnel: SeenFunnel, session: SeenSession, markSeen: (id: string, screen: string) => Promise<Session | null>): void {
  /** What the server is known to remember. */
  const remembered = new Set<string>();
  const saving = new Set<string>();

  const learn = (loaded: Session | null) => {
    if (!loaded) return;
    for (const id of loaded.record.seenScreens) remembered.add(id);
    const unknown = loaded.record.seenScreens.filter((id) => !funnel.getSnapshot().context.seen.includes(id));
    if (unknown.length > 0) funnel.send({ type: 'SEEN', screens: unknown });
  };

  const save = () => {
    const { id } = session.getSnapshot().context;
    if (!id) return;
    for (const screen of funnel.getSnapshot().context.seen) {
      if (remembered.has(screen) || saving.has(screen)) continue;
      saving.add(screen);
      void markSeen(id, screen).then((answer) => {
        saving.delete(screen);
        if (answer && answer.id === id) learn(answer);
      });
    }
  };

  // Only when the id or the loaded session changes (not at every step of the session machine): a save that failed is
  // tried again then, or when the funnel shows another screen offered once.
  let last: { id: string | null; session: Session | null } | null = null;
  const onSession = () => {
    const { id, session: loaded } = session.getSnapshot().context;
    if (last && last.id === id && last.session === loaded) return;
    const changed = last?.session !== loaded;
    last = { id, session: loaded };
    if (changed) learn(loaded);
    save();
  };
  onSession();
  session.subscribe(onSession);
  let seen = funnel.getSnapshot().context.seen;
  funnel.subscribe((snapshot) => {
    if (snapshot.context.seen === seen) return;
    seen = snapshot.context.seen;
    save();
  });
}
