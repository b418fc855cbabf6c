import { screenIdOf } from '../engine/compile-flow';
import { config } from '../services/config';
import type { RemoteConfig } from '../services/remote-config/remote-config';
import type { AppRoot } from './compose-app';

/** What `window.__ASTRELLE_DEBUG__` shows, read when asked (never personal data: no answers, no email). */
export interface DebugValues {
  screen: string | null;
  /** Each flag in force and where its value came from. */
  flags: Record<string, { value: boolean | string; source: 'assigned' | 'remote' | 'default' }>;
  remoteConfigStatus: string;
  /** The A/B assignments the visitor has seen (the session's abTestData). */
  assignments: Record<string, boolean | string>;
  sessionId: string | null;
}

/** The debug values, exposed on window only on the one host the build names (VITE_DEBUG_HOST). */
export function exposeDebugValues(root: AppRoot, remote: RemoteConfig | null, host = window.location.host, debugHost = config.debugHost) {
  if (!debugHost || host !== debugHost) return;
  Object.defineProperty(window, '__ASTRELLE_DEBUG__', {
    configurable: true,
    get: (): DebugValues => {
      const funnel = root.funnel();
      const snapshot = funnel?.getSnapshot();
      const flags = snapshot?.context.flags ?? {};
      const assigned = snapshot?.context.assigned ?? {};
      const remoteEntries = remote?.entries() ?? {};
      return {
        screen: snapshot ? screenIdOf(snapshot) : null,
        flags: Object.fromEntries(
          Object.entries(flags).map(([name, value]) => [name, { value, source: Object.hasOwn(assigned, name) ? 'assigned' : Object.hasOwn(remoteEntries, name) ? 'remote' : 'default' }]),
        ),
        remoteConfigStatus: remote?.status() ?? 'no-fetch-yet',
        assignments: { ...assigned },
        sessionId: root.session.getSnapshot().context.id,
      };
    },
  });
}
