import type { AchievementUnlock } from '@summa/shared';
import { createContext } from 'react';

/** A level reached, to announce; `id` tells two announcements of the same level apart. */
export interface LevelUpNotice {
  id: number;
  level: number;
}

/** Achievements unlocked together, waiting for (or in) their one celebration. */
export interface QueuedCelebration {
  id: number;
  achievements: readonly AchievementUnlock[];
}

/** The app-wide XP feedback: the level-up notification and the queue of celebrations. */
export interface XpFeedbackState {
  /** The level-up being announced, or null. */
  levelUp: LevelUpNotice | null;
  /** The celebration on screen (the queue's first), or null. */
  celebration: QueuedCelebration | null;
  announceLevelUp: (level: number) => void;
  dismissLevelUp: () => void;
  /**
   * Celebrates achievements: those unlocked together get one celebration, and so do all that
   * arrive while another is on screen (issue 23: one card listing them, not one 5 s card each).
   */
  celebrate: (achievements: readonly AchievementUnlock[]) => void;
  /** The current celebration has ended (its time, or the reader closed it); the next one may start. */
  finishCelebration: () => void;
}

export const XpFeedbackContext = createContext<XpFeedbackState | null>(null);
