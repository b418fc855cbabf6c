import { createContext, useContext, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { theme, type ColorScheme, type ThemeMode } from '../../ui/theme';

const storageKey = 'astrelle:theme-mode';
const darkQuery = '(prefers-color-scheme: dark)';

function readMode(): ThemeMode {
  try {
    const stored = window.localStorage.getItem(storageKey);
    return stored === 'light' || stored === 'dark' || stored === 'system' ? stored : 'system';
  } catch {
    return 'system';
  }
}

// The mode and the device's scheme as one external store: the prerendered landing (no window)
// and the first client render both see the server snapshot, then React re-renders with the real
// values, so hydration never disagrees.
const listeners = new Set<() => void>();
let modeSnapshot: ThemeMode | null = null;

function subscribe(listener: () => void) {
  listeners.add(listener);
  const query = window.matchMedia?.(darkQuery);
  query?.addEventListener('change', listener);
  return () => {
    listeners.delete(listener);
    query?.removeEventListener('change', listener);
  };
}

function deviceScheme(): ColorScheme {
  return window.matchMedia?.(darkQuery).matches ? 'dark' : 'light';
}

function clientSnapshot(): string {
  modeSnapshot ??= readMode();
  return `${modeSnapshot}:${deviceScheme()}`;
}

/** The scheme the page shows now: the menu's choice, else the device's. */
function currentScheme(): ColorScheme {
  const mode = (modeSnapshot ??= readMode());
  return mode === 'system' ? deviceScheme() : mode;
}

const serverSnapshot = () => 'system:light';

function setMode(next: ThemeMode) {
  modeSnapshot = next;
  try {
    window.localStorage.setItem(storageKey, next);
  } catch {
    // The choice still applies for this visit.
  }
  listeners.forEach((l) => l());
}

const ThemeModeContext = createContext<{ mode: ThemeMode; setMode: (mode: ThemeMode) => void }>({ mode: 'system', setMode });

export const useThemeMode = () => useContext(ThemeModeContext);

/**
 * Light, dark or system theme, kept in localStorage and applied to the whole app as data-theme on <html>, which
 * picks the colour variables (src/ui/global-style.ts). The components' styles do not depend on the scheme, so
 * nothing re-renders for it and the prerendered landing hydrates as it was painted.
 */
export function ThemeModeProvider({ children }: { children: ReactNode }) {
  const snapshot = useSyncExternalStore(subscribe, clientSnapshot, serverSnapshot);
  const mode: ThemeMode = snapshot.startsWith('light') ? 'light' : snapshot.startsWith('dark') ? 'dark' : 'system';

  useEffect(() => {
    // Read from the device and the stored choice, not from this render's snapshot: the hydrating render sees the
    // server's "system:light", which must not switch a dark device's page to light, even for a frame.
    document.documentElement.dataset.theme = currentScheme();
  }, [snapshot]);

  const value = useMemo(() => ({ mode, setMode }), [mode]);
  return (
    <ThemeModeContext.Provider value={value}>
      <ThemeProvider theme={theme}>{children}</ThemeProvider>
    </ThemeModeContext.Provider>
  );
}
