// The flow's start screen and its page group, written in at build time by vite.config.ts after the
// flow passed validation; null when the flow does not start on a welcome screen.
declare module 'virtual:landing-screen' {
  import type { Group, WelcomeScreen } from '../engine/generated/flow-types';
  export const landing: { screen: WelcomeScreen; group: Group | undefined } | null;
}

// The flow file the app is built with (vite.config.ts: FLOW_FILE, default flows/astrology.json).
// Typed unknown on purpose: it is validated at load before anything uses it.
declare module 'virtual:flow' {
  const flow: unknown;
  export default flow;
}
