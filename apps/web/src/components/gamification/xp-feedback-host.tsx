import type { AchievementUnlock } from '@summa/shared';
import type { TFunction } from 'i18next';
import { lazy, Suspense, useContext, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { appTranslations } from '@summa/shared/i18n/app';
import { XpFeedbackContext } from '../../lib/progress/xp-feedback-context';
import { gamificationIcon } from './gamification-icons';
import type { CelebrationOverlayProps } from './celebration-overlay';
import { LevelUpNotification } from './level-up-notification';
import { useLayerOpen } from './open-layer';

// Loaded on the first celebration: the confetti library stays out of every page's first download.
const CelebrationOverlay = lazy(() =>
  import('./celebration-overlay').then((module) => ({ default: module.CelebrationOverlay })),
);

type AchievementKey = keyof (typeof appTranslations)['en']['achievements']['items'];

function isAchievementKey(key: string): key is AchievementKey {
  return Object.hasOwn(appTranslations.en.achievements.items, key);
}

/** An achievement's title and description; a generic title for one this build has no text for. */
function achievementTexts(key: string, t: TFunction): { title: string; description: string } {
  if (!isAchievementKey(key)) return { title: t('gamification.celebration.defaultTitle'), description: '' };
  return {
    title: t(`achievements.items.${key}.title`),
    description: t(`achievements.items.${key}.description`),
  };
}

/** Mounted once in the layout: the level-up notification and the celebrations, one after another. */
export function XpFeedbackHost() {
  const { t } = useTranslation();
  const feedback = useContext(XpFeedbackContext);
  const celebration = feedback?.celebration ?? null;
  const finishCelebration = feedback?.finishCelebration;
  // Issue 23: a celebration never covers a dialog or menu the reader opens. One on screen closes
  // when one opens; one yet to start waits until it is closed.
  const layerOpen = useLayerOpen(celebration !== null);
  const [startedId, setStartedId] = useState<number | null>(null);
  if (celebration && !layerOpen && startedId !== celebration.id) setStartedId(celebration.id);
  const interrupted = layerOpen && celebration !== null && startedId === celebration.id;
  useEffect(() => {
    if (interrupted) finishCelebration?.();
  }, [interrupted, finishCelebration]);

  if (!feedback) return null;
  const { levelUp, dismissLevelUp } = feedback;
  const card = celebration && !layerOpen ? celebrationCard(celebration.achievements, t) : null;
  return (
    <>
      <LevelUpNotification notice={levelUp} onClose={dismissLevelUp} />
      {celebration && card ? (
        <Suspense fallback={null}>
          <CelebrationOverlay key={celebration.id} show onComplete={feedback.finishCelebration} {...card} />
        </Suspense>
      ) : null}
    </>
  );
}

type Card = Pick<CelebrationOverlayProps, 'title' | 'description' | 'icon' | 'xpReward' | 'items'>;

/** One achievement's card, or for several one card that lists them, with their XP added up. */
function celebrationCard(achievements: readonly AchievementUnlock[], t: TFunction): Card | null {
  const [only] = achievements;
  if (!only) return null;
  if (achievements.length === 1) {
    return { ...achievementTexts(only.key, t), icon: gamificationIcon(only.icon), xpReward: only.xp };
  }
  return {
    title: t('gamification.celebration.combinedTitle', { number: achievements.length }),
    description: '',
    xpReward: achievements.reduce((total, achievement) => total + achievement.xp, 0),
    items: achievements.map((achievement) => ({
      key: achievement.key,
      title: achievementTexts(achievement.key, t).title,
      icon: gamificationIcon(achievement.icon),
      xp: achievement.xp,
    })),
  };
}
