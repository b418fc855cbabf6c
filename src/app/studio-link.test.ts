import { afterEach, describe, expect, it } from 'vitest';
import flowJson from '../../flows/astrology.json';
import { compileFlow } from '../engine/compile-flow';
import { validateFlow } from '../engine/validate-flow';
import { pendingEffects } from '../engine/test-support/pending-effects';
import { readStudioMessage, STUDIO_CHANNEL, type StudioMessage } from '../shared/studio-channel';
import { createFunnel } from './funnel/create-funnel';
import { linkToStudio } from './studio-link';
import { productKinds } from '../engine/kinds/product-kinds';

const loaded = validateFlow(flowJson, { kinds: productKinds });
if (!loaded.ok) throw new Error('flows/astrology.json is invalid');
const flow = loaded.flow;

const open: Array<{ close(): void }> = [];
afterEach(() => open.splice(0).forEach((c) => c.close()));

/** A studio on the channel: what it heard, in order (Node's own BroadcastChannel, as a browser's). */
function studio() {
  const channel = new BroadcastChannel(STUDIO_CHANNEL);
  open.push(channel);
  const heard: StudioMessage[] = [];
  channel.onmessage = (event: MessageEvent) => {
    const message = readStudioMessage(event.data);
    if (message) heard.push(message);
  };
  return { heard, hello: () => channel.postMessage({ type: 'hello' }) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

function funnel() {
  return createFunnel(flow, productKinds, compileFlow(flow, { kinds: productKinds, effects: pendingEffects(flow) }), null);
}

describe('the app tab\'s link to the studio', () => {
  it('says only that it is there until a studio says hello, then where the visitor is, on every move, and bye at the end', async () => {
    const watcher = studio();
    const actor = funnel();
    let pageHide: (() => void) | undefined;
    let pageRestored: (() => void) | undefined;
    const stop = linkToStudio(actor, flow, (name) => new BroadcastChannel(name), 'tab-1', { hidden: (listener) => (pageHide = listener), restored: (listener) => (pageRestored = listener) });
    actor.send({ type: 'NEXT' });
    await settle();
    // Only that it is there: no screen, no trail.
    expect(watcher.heard).toEqual([{ type: 'ready' }]);
    watcher.heard.length = 0;

    watcher.hello();
    await settle();
    expect(watcher.heard).toEqual([expect.objectContaining({ type: 'state', tab: 'tab-1', flowId: 'astrology', flowVersion: flow.version, screen: 'relationship-status', trail: ['welcome', 'relationship-status'] })]);

    actor.send({ type: 'ANSWER', value: 'single' });
    await settle();
    expect(watcher.heard.at(-1)).toEqual(expect.objectContaining({ screen: 'relationship-goal', trail: ['welcome', 'relationship-status', 'relationship-goal'] }));
    actor.send({ type: 'BACK' });
    await settle();
    expect(watcher.heard.at(-1)).toEqual(expect.objectContaining({ screen: 'relationship-status' }));
    // Only screen ids cross: never an answer.
    expect(JSON.stringify(watcher.heard)).not.toContain('single');

    pageHide?.();
    await settle();
    expect(watcher.heard.at(-1)).toEqual({ type: 'bye', tab: 'tab-1' });
    // Back from the back/forward cache: the studio sees the tab again, where it was.
    pageRestored?.();
    await settle();
    expect(watcher.heard.at(-1)).toEqual(expect.objectContaining({ type: 'state', tab: 'tab-1', screen: 'relationship-status' }));
    stop();
    actor.stop();
  });

  it('does nothing where the browser has no BroadcastChannel', () => {
    const actor = funnel();
    expect(() => linkToStudio(actor, flow, null, 'tab-2')()).not.toThrow();
    actor.stop();
  });
});
