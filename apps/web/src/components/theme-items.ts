import { Monitor, Moon, Sun, type LucideIcon } from 'lucide-react';
import type { ThemeChoice } from '../lib/theme';

/** The theme choices with their icons, as the account menu and Settings offer them (ADR 0034). */
export const THEME_ITEMS: readonly { choice: ThemeChoice; icon: LucideIcon }[] = [
  { choice: 'system', icon: Monitor },
  { choice: 'light', icon: Sun },
  { choice: 'dark', icon: Moon },
];
