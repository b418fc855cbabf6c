import { startTransition, StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router-dom";
import { App } from "./app";
import { AppRootContext } from "./app-root-context";
import { readPageFlow } from "./read-page-flow";
import {
  deferFunnelUntilWanted,
  loadAppRoot,
  loadFunnelRoute,
  loadAddressBar,
} from "./load-funnel-route";

/** Starts the app in the page (main.tsx calls it once, its libraries already evaluated). */
export function boot(): void {
  const root = document.getElementById("root");
  if (!root) throw new Error("index.html has no #root");
  // The landing arrives prerendered (scripts/build.mjs), and this module was loaded by its inline script once the page
  // had painted and was idle (or on the visitor's first input): it hydrates the shell (the header and its menu) at
  // once, and the funnel's code runs on the first input or 2.5 s after load. Other routes need it at once.
  const prerendered = root.hasChildNodes();
  if (prerendered) deferFunnelUntilWanted();
  // Fetch the funnel's chunks in parallel with the first render instead of after it; the app is composed once,
  // here, as soon as its chunk arrives.
  const appRoot = loadAppRoot();
  void loadFunnelRoute();
  void loadAddressBar();
  const app = (
    <StrictMode>
      <AppRootContext value={appRoot}>
        <BrowserRouter>
          <App pageFlow={readPageFlow()} hydrating={prerendered} />
        </BrowserRouter>
      </AppRootContext>
    </StrictMode>
  );
  // Hydrated as a transition: React then works in slices and yields to the browser between them (a tap, a frame),
  // where a default-priority hydration is one task of the whole tree (tens of milliseconds on a slow phone).
  if (prerendered) startTransition(() => void hydrateRoot(root, app));
  else createRoot(root).render(app);
}
