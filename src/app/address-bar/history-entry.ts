/**
 * What the address bar's writer keeps in each history entry it makes (react-router's `state`, in history.state.usr):
 * the path of the entry behind it. A back move then steps back in history when the entry behind is where the machine
 * went, so the in-app Back and the browser's agree. It lives with the entry, so it survives a reload, and an entry
 * the writer did not make (the first one, a link) has nothing behind that the writer knows of.
 */
export interface EntryState {
  behind: string;
}

export function isEntryState(value: unknown): value is EntryState {
  return typeof value === 'object' && value !== null && 'behind' in value && typeof value.behind === 'string';
}

/** react-router keeps the history position in history.state.idx; 0 means nothing of ours behind. */
export function historyIndex(state: unknown): number {
  return typeof state === 'object' && state !== null && 'idx' in state && typeof state.idx === 'number' ? state.idx : 0;
}
