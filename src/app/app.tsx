import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import styled from 'styled-components';
import { GlobalStyle } from '../ui/global-style';
import { whenIdle } from '../ui/when-idle';
import { ThemeModeProvider } from './shell/theme-mode';
import { Header } from './shell/header';
import { loadFunnelRoute, loadAddressBar } from './load-funnel-route';
import type { PageFlow } from '../shared/page-flow';

// The prerender (no engine on the server) renders the landing in the funnel's place (prerender.tsx passes it): the
// same markup the funnel renders for the welcome screen, so the client hydrates it once the funnel chunk arrives.
// In the browser the fallback is a small chunk of its own: on the prerendered landing the funnel's boundary stays as
// the HTML drew it until the funnel arrives (React keeps dehydrated content while a lazy part loads), so the shell
// loads none of the welcome screen's code; only a landing rendered in the browser shows it while it waits.
const FunnelRoute = import.meta.env.SSR ? () => null : lazy(loadFunnelRoute);
const LandingFallback = import.meta.env.SSR ? () => null : lazy(() => import('./landing-fallback').then((m) => ({ default: m.LandingFallback })));
const NotFoundPage = lazy(() => import('../public-pages/not-found-page').then((m) => ({ default: m.NotFoundPage })));
// The address bar's writer (the machines' projection, with the visitor session's reading of addresses) runs in the
// browser only.
const AddressBar = import.meta.env.SSR ? () => null : lazy(loadAddressBar);
// Only a build whose consent default is `denied` ever asks (the store's `ask`); the others carry no consent code on
// the landing (the menu, which has the privacy switches, loads when it is opened).
const ConsentBannerSlot =
  !import.meta.env.SSR && import.meta.env.VITE_CONSENT_DEFAULT === 'denied'
    ? lazy(() => import('./shell/consent-banner-slot').then((m) => ({ default: m.ConsentBannerSlot })))
    : () => null;
const publicPages = () => import('../public-pages/public-page-routes');
const PrivacyPolicyPage = lazy(() => publicPages().then((m) => ({ default: m.PrivacyPolicyPage })));
const TermsOfUsePage = lazy(() => publicPages().then((m) => ({ default: m.TermsOfUsePage })));
const CookiePolicyPage = lazy(() => publicPages().then((m) => ({ default: m.CookiePolicyPage })));
const UnderstandingAstrologyPage = lazy(() => publicPages().then((m) => ({ default: m.UnderstandingAstrologyPage })));

const Main = styled.main`
  min-height: calc(100dvh - 64px);
`;

/**
 * On the prerendered landing the global style is in the page already: the prerender's style tag, whose rules
 * styled-components takes over as it starts. Mounted while the page hydrates, createGlobalStyle parses and inserts it
 * again inside React's commit, which cannot be split: a third of that task at 4x CPU, which then ran over 50 ms in
 * some loads. There it mounts once the browser is idle after hydrating; until then its rules are the
 * prerender's, the same. A page rendered in the browser has no such rules: there it mounts at once.
 */
function AfterHydration({ hydrating, children }: { hydrating: boolean; children: ReactNode }) {
  const [ready, setReady] = useState(!hydrating);
  useEffect(() => (ready ? undefined : whenIdle(() => setReady(true))), [ready]);
  return ready ? children : null;
}

/**
 * The app's page. `pageFlow` is the flow version the server served the page (its product name in the header, its
 * landing); `prerenderedLanding` is the landing the prerender renders in the funnel's place.
 */
export function App({
  pageFlow,
  prerenderedLanding,
  hydrating = false,
}: {
  pageFlow: PageFlow | null;
  prerenderedLanding?: ComponentType<{ landing: PageFlow['landing'] }>;
  hydrating?: boolean;
}) {
  const landing = pageFlow?.landing ?? null;
  const Fallback = prerenderedLanding ?? LandingFallback;
  const funnel = prerenderedLanding ? <Fallback landing={landing} /> : <FunnelRoute />;
  return (
    <ThemeModeProvider>
      <AfterHydration hydrating={hydrating}>
        <GlobalStyle />
      </AfterHydration>
      <Header productName={pageFlow?.productName ?? ''} />
      <Main id="main">
        <Suspense fallback={null}>
          <AddressBar />
        </Suspense>
        <Suspense fallback={null}>
          <Routes>
            <Route path="/privacy-policy" element={<PrivacyPolicyPage />} />
            <Route path="/terms-of-use" element={<TermsOfUsePage />} />
            <Route path="/cookie-policy" element={<CookiePolicyPage />} />
            <Route path="/understanding-astrology" element={<UnderstandingAstrologyPage />} />
            <Route path="/404" element={<NotFoundPage />} />
            <Route
              path="*"
              element={
                <Suspense fallback={<Fallback landing={landing} />}>
                  {funnel}
                </Suspense>
              }
            />
          </Routes>
        </Suspense>
      </Main>
      <Suspense fallback={null}>
        <ConsentBannerSlot />
      </Suspense>
    </ThemeModeProvider>
  );
}
