import { createContext, use } from 'react';
import type { AppRoot } from './compose-app';

/**
 * The composed app (src/app/compose-app.ts), as the promise main.tsx starts at once: its code is a chunk of its own,
 * so the landing paints before it arrives. Null in the prerender, which renders no part that reads it.
 */
export const AppRootContext = createContext<Promise<AppRoot> | null>(null);

/** The composed app; suspends until its chunk has arrived. */
export function useAppRoot(): AppRoot {
  const root = use(AppRootContext);
  if (!root) throw new Error('AppRootContext is not provided (main.tsx provides it)');
  return use(root);
}
