import type { AchievementUnlock } from '@summa/shared';
import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  XpFeedbackContext,
  type LevelUpNotice,
  type QueuedCelebration,
  type XpFeedbackState,
} from './xp-feedback-context';

/** Holds what the XP feedback host shows: one level-up notice, the celebration on screen and the next. */
export function XpFeedbackProvider({ children }: { children: ReactNode }) {
  const nextId = useRef(0);
  const [levelUp, setLevelUp] = useState<LevelUpNotice | null>(null);
  const [queue, setQueue] = useState<readonly QueuedCelebration[]>([]);

  const announceLevelUp = useCallback((level: number) => {
    nextId.current += 1;
    setLevelUp({ id: nextId.current, level });
  }, []);
  const dismissLevelUp = useCallback(() => setLevelUp(null), []);
  const celebrate = useCallback((achievements: readonly AchievementUnlock[]) => {
    if (achievements.length === 0) return;
    nextId.current += 1;
    const id = nextId.current;
    // At most two: the one on screen and the next, which gathers everything arriving meanwhile.
    setQueue((current) => {
      const [showing, next] = current;
      if (showing && next)
        return [showing, { ...next, achievements: [...next.achievements, ...achievements] }];
      return [...current, { id, achievements }];
    });
  }, []);
  const finishCelebration = useCallback(() => setQueue((current) => current.slice(1)), []);

  const celebration = queue[0] ?? null;
  const value = useMemo<XpFeedbackState>(
    () => ({ levelUp, celebration, announceLevelUp, dismissLevelUp, celebrate, finishCelebration }),
    [levelUp, celebration, announceLevelUp, dismissLevelUp, celebrate, finishCelebration],
  );
  return <XpFeedbackContext.Provider value={value}>{children}</XpFeedbackContext.Provider>;
}
