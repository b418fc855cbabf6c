// The flow file the app is built with (vite.config.ts: FLOW_FILE, default flows/astrology.json).
// Only the studio imports it, typed unknown on purpose: the studio validates it itself. (The app runs the version the
// server serves: src/app/load-flow.ts.)
declare module 'virtual:flow' {
  const flow: unknown;
  export default flow;
}
