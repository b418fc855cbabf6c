import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { darkTheme, lightTheme, type ColorScheme, type ThemeMode } from '../../ui/theme';

const storageKey = 'astrelle:theme-mode';

function readMode(): ThemeMode {
  try {
    const stored = window.localStorage.getItem(storageKey);
    return stored === 'light' || stored === 'dark' || stored === 'system' ? stored : 'system';
  } catch {
    return 'system';
  }
}

function systemScheme(): ColorScheme {
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

const ThemeModeContext = createContext<{ mode: ThemeMode; setMode: (mode: ThemeMode) => void }>({ mode: 'system', setMode: () => {} });

export const useThemeMode = () => useContext(ThemeModeContext);

/** Light, dark or system theme, kept in localStorage and applied to the whole app. */
export function ThemeModeProvider({ children }: { children: ReactNode }) {
  const [mode, setModeState] = useState<ThemeMode>(readMode);
  const [system, setSystem] = useState<ColorScheme>(systemScheme);

  useEffect(() => {
    const query = window.matchMedia?.('(prefers-color-scheme: dark)');
    if (!query) return;
    const onChange = () => setSystem(query.matches ? 'dark' : 'light');
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  const scheme = mode === 'system' ? system : mode;
  useEffect(() => {
    document.documentElement.dataset.theme = scheme;
  }, [scheme]);

  const value = useMemo(
    () => ({
      mode,
      setMode: (next: ThemeMode) => {
        setModeState(next);
        try {
          window.localStorage.setItem(storageKey, next);
        } catch {
          // The choice still applies for this visit.
        }
      },
    }),
    [mode],
  );

  return (
    <ThemeModeContext.Provider value={value}>
      <ThemeProvider theme={scheme === 'dark' ? darkTheme : lightTheme}>{children}</ThemeProvider>
    </ThemeModeContext.Provider>
  );
}
