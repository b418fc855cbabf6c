// The flow's start screen and its page group, written in at build time by vite.config.ts after the
// flow passed validation; null when the flow does not start on a welcome screen.
declare module 'virtual:landing-screen' {
  import type { Group, WelcomeScreen } from '../engine/generated/flow-types';
  export const landing: { screen: WelcomeScreen; group: Group | undefined } | null;
}

// The flow file the app is built with (vite.config.ts: FLOW_FILE, default flows/astrology.json).
// Typed unknown on purpose: the app takes it as a Flow only where the build's validation says so (load-flow.ts); the
// studio validates it itself.
declare module 'virtual:flow' {
  const flow: unknown;
  export default flow;
}
