import { useSyncExternalStore } from 'react';
import { onThemeChange, resolveTheme, themeChoice, type Theme, type ThemeChoice } from './theme';

/** The reader's theme choice and the theme it shows (following the system's while on 'system'). */
export function useTheme(): { choice: ThemeChoice; theme: Theme } {
  const choice = useSyncExternalStore(onThemeChange, themeChoice, () => 'system' as const);
  const theme = useSyncExternalStore(
    onThemeChange,
    () => resolveTheme(themeChoice()),
    () => 'light' as const,
  );
  return { choice, theme };
}
