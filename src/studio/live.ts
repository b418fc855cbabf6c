import { useEffect, useState } from 'react';
import { readStudioMessage, STUDIO_CHANNEL, type StudioState } from '../shared/studio-channel';

export type OpenStudioChannel = (name: string) => Pick<BroadcastChannel, 'postMessage' | 'close' | 'addEventListener' | 'removeEventListener'>;

export const browserChannel: OpenStudioChannel | null = typeof BroadcastChannel === 'function' ? (name) => new BroadcastChannel(name) : null;

/**
 * The app tabs of this browser and where their visitors are (the studio's "Live" view): says hello on the studio
 * channel and keeps each tab's latest state until it says bye. Newest first.
 */
export function useLiveTabs(open: OpenStudioChannel | null): StudioState[] {
  const [tabs, setTabs] = useState<Map<string, StudioState>>(() => new Map());
  useEffect(() => {
    if (!open) return undefined;
    const channel = open(STUDIO_CHANNEL);
    const listener = (event: MessageEvent) => {
      const message = readStudioMessage(event.data);
      if (!message || message.type === 'hello') return;
      if (message.type === 'ready') {
        channel.postMessage({ type: 'hello' });
        return;
      }
      setTabs((before) => {
        const after = new Map(before);
        if (message.type === 'bye') after.delete(message.tab);
        else after.set(message.tab, message);
        return after;
      });
    };
    channel.addEventListener('message', listener);
    channel.postMessage({ type: 'hello' });
    return () => {
      channel.removeEventListener('message', listener);
      channel.close();
    };
  }, [open]);
  return [...tabs.values()].sort((a, b) => b.at - a.at);
}
