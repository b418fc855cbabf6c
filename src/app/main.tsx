import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app';
import { loadFunnelRoute, loadVisitorSession } from './load-funnel-route';

// Fetch the funnel chunk in parallel with the first render instead of after it.
void loadFunnelRoute();
void loadVisitorSession();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
const app = (
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>
);
// The landing arrives prerendered (scripts/build.mjs): take it over; other routes start empty.
if (root.hasChildNodes()) hydrateRoot(root, app);
else createRoot(root).render(app);
