import { config } from '../services/config';
import { windowBrowser } from './browser-port';
import { composeApp } from './compose-app';
import { loadBundledFlow } from './load-flow';

/** The app in this browser: the bundled flow, the build's configuration, the window. main.tsx calls it once. */
export function composeBrowserApp() {
  return composeApp({ flow: loadBundledFlow(), flowFile: __FLOW_FILE__, config, browser: windowBrowser() });
}
