import type { Flow } from '../engine/generated/flow-types';
import { screenIdOf } from '../engine/compile-flow';
import { readStudioMessage, STUDIO_CHANNEL, type StudioMessage } from '../shared/studio-channel';
import type { FunnelActor } from './funnel/create-funnel';
import type { OpenChannel, PageEvents } from './browser-port';

/**
 * Lets the studio (`/studio`, in another tab of this browser) follow this visitor's funnel (its "Live" view): the
 * tab says it is ready (nothing more); once a studio has said hello on the channel, the tab sends its current screen and trail (read from XState's inspection
 * events, as the analytics do), on every change of screen and trail, and says bye when the page goes away. Only
 * screen ids cross, within the browser; until a studio says hello nothing is sent at all. Returns a stop function.
 */
export function linkToStudio(funnel: FunnelActor, flow: Flow, openChannel: OpenChannel | null | undefined, tab: string, pageEvents?: PageEvents): () => void {
  if (!openChannel) return () => {};
  const channel = openChannel(STUDIO_CHANNEL);
  let watched = false;
  let lastSent = '';
  const post = (message: StudioMessage) => channel.postMessage(message);
  const send = (force: boolean) => {
    const snapshot = funnel.getSnapshot();
    const screen = screenIdOf(snapshot);
    const { trail } = snapshot.context;
    const key = `${screen} ${trail.join(' ')}`;
    if (!force && key === lastSent) return;
    lastSent = key;
    post({ type: 'state', tab, flowId: flow.id, flowVersion: flow.version, screen, trail: [...trail], at: Date.now() });
  };
  channel.addEventListener('message', (event: MessageEvent) => {
    if (readStudioMessage(event.data)?.type !== 'hello') return;
    watched = true;
    send(true);
  });
  const inspection = funnel.system.inspect((inspected) => {
    if (watched && inspected.type === '@xstate.snapshot' && inspected.actorRef === funnel) send(false);
  });
  // A studio opened before this tab learns of it and says hello.
  post({ type: 'ready' });
  const bye = () => {
    if (watched) post({ type: 'bye', tab });
  };
  pageEvents?.hidden(bye);
  // Back from the back/forward cache: a studio that watched this tab sees it again.
  pageEvents?.restored(() => {
    if (watched) send(true);
  });
  return () => {
    inspection.unsubscribe();
    bye();
    channel.close();
  };
}
