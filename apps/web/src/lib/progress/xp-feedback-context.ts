import type { AchievementUnlock } from '@summa/shared';
import { createContext } from 'react';

/** A level reached, to announce; `id` tells two announcements of the same level apart. */
export interface LevelUpNotice {
  id: number;
  level: number;
}

/** An unlocked achievement waiting for (or in) its celebration. */
export interface QueuedCelebration {
  id: number;
  achievement: AchievementUnlock;
}

/** The app-wide XP feedback: the level-up notification and the queue of celebrations. */
export interface XpFeedbackState {
  /** The level-up being announced, or null. */
  levelUp: LevelUpNotice | null;
  /** The celebration on screen (the queue's first), or null. */
  celebration: QueuedCelebration | null;
  announceLevelUp: (level: number) => void;
  dismissLevelUp: () => void;
  /** Queues one celebration per achievement, shown one after another. */
  celebrate: (achievements: readonly AchievementUnlock[]) => void;
  /** The current celebration has ended; the next one (if any) starts. */
  finishCelebration: () => void;
}

export const XpFeedbackContext = createContext<XpFeedbackState | null>(null);
