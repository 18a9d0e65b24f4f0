import type { TFunction } from 'i18next';
import { lazy, Suspense, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { translations } from '@summa/shared/i18n';
import { XpFeedbackContext } from '../../lib/progress/xp-feedback-context';
import { gamificationIcon } from './gamification-icons';
import { LevelUpNotification } from './level-up-notification';

// Loaded on the first celebration: the confetti library stays out of every page's first download.
const CelebrationOverlay = lazy(() =>
  import('./celebration-overlay').then((module) => ({ default: module.CelebrationOverlay })),
);

type AchievementKey = keyof (typeof translations)['en']['achievements']['items'];

function isAchievementKey(key: string): key is AchievementKey {
  return Object.hasOwn(translations.en.achievements.items, key);
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
  if (!feedback) return null;
  const { levelUp, celebration, dismissLevelUp, finishCelebration } = feedback;
  const texts = celebration ? achievementTexts(celebration.achievement.key, t) : null;
  return (
    <>
      <LevelUpNotification notice={levelUp} onClose={dismissLevelUp} />
      {celebration && texts ? (
        <Suspense fallback={null}>
          <CelebrationOverlay
            key={celebration.id}
            show
            title={texts.title}
            description={texts.description}
            icon={gamificationIcon(celebration.achievement.icon)}
            xpReward={celebration.achievement.xp}
            onComplete={finishCelebration}
          />
        </Suspense>
      ) : null}
    </>
  );
}
