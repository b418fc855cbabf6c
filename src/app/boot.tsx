import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app';
import { AppRootContext } from './app-root-context';
import { loadAppRoot, loadFunnelRoute, loadAddressBar } from './load-funnel-route';

// Fetch the funnel's chunks in parallel with the first render instead of after it; the app is composed once,
// here, as soon as its chunk arrives.
void loadFunnelRoute();
void loadAddressBar();
const appRoot = loadAppRoot();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
const app = (
  <StrictMode>
    <AppRootContext value={appRoot}>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </AppRootContext>
  </StrictMode>
);
// The landing arrives prerendered (scripts/build.mjs): take it over; other routes start empty.
if (root.hasChildNodes()) hydrateRoot(root, app);
else createRoot(root).render(app);
