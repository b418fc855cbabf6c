import { lazy, Suspense, useSyncExternalStore } from 'react';
import { consentStore, type ConsentState, type ConsentStore } from './consent';

// The banner's code loads only for a visitor who is asked (never in the landing bundle, never prerendered).
const ConsentBanner = lazy(() => import('./consent-banner').then((m) => ({ default: m.ConsentBanner })));

type Asking = Pick<ConsentState, 'ask' | 'globalPrivacyControl'>;
const notAsking: Asking = { ask: false, globalPrivacyControl: false };

/** Where the consent banner appears when the store says to ask (mounted once by the shell, src/app/app.tsx). */
export function ConsentBannerSlot({ store }: { store?: ConsentStore }) {
  if (import.meta.env.SSR) return null;
  return <AskWhenNeeded store={store ?? consentStore()} />;
}

function AskWhenNeeded({ store }: { store: ConsentStore }) {
  // The server snapshot (hydration) never asks, so the prerendered HTML and the first client render match.
  const state = useSyncExternalStore<Asking>(store.subscribe, store.get, () => notAsking);
  if (!state.ask) return null;
  return (
    <Suspense fallback={null}>
      <ConsentBanner
        globalPrivacyControl={state.globalPrivacyControl}
        onAnswer={(accepted) => store.set({ analytics: accepted, advertising: accepted, remoteConfig: accepted })}
      />
    </Suspense>
  );
}
