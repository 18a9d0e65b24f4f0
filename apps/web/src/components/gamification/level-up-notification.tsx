import { LEVEL_TIERS, LEVEL_UP_REWARD_XP } from '@summa/shared';
import { X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { levelName } from '../../lib/progress/use-award-xp';
import type { LevelUpNotice } from '../../lib/progress/xp-feedback-context';
import { GamificationIcon } from './gamification-icons';

/** Spec §4: the level-up notification hides after 6000 ms. */
export const LEVEL_UP_NOTIFICATION_MS = 6000;

/** One announcement's card; mounted afresh (by key) for each, so a second level-up restarts the 6 s. */
function LevelUpCard({ level, onClose }: { level: number; onClose: () => void }) {
  const { t } = useTranslation();
  const tier = LEVEL_TIERS.find((candidate) => candidate.level === level) ?? LEVEL_TIERS[0];
  const latestOnClose = useRef(onClose);
  useEffect(() => {
    latestOnClose.current = onClose;
  });

  useEffect(() => {
    const timer = setTimeout(() => latestOnClose.current(), LEVEL_UP_NOTIFICATION_MS);
    return () => clearTimeout(timer);
  }, []);

  return (
    <div
      className="fixed inset-x-3 bottom-3 z-[60] sm:inset-x-auto sm:right-6 sm:bottom-6 sm:w-96"
      data-testid="level-up-notification"
    >
      <div className="flex items-center gap-3 rounded-2xl border border-amber-200 bg-white p-4 shadow-xl">
        <span
          className="flex size-11 shrink-0 items-center justify-center rounded-full text-white scheme-light"
          style={{ backgroundColor: tier.color }}
        >
          <GamificationIcon name={tier.icon} aria-hidden className="size-6" />
        </span>
        <div className="min-w-0 flex-1">
          <p className="font-bold text-stone-900">
            {t('gamification.levelUp.notification', { level: levelName(level, t) })}
          </p>
          <p className="text-sm font-semibold text-amber-700">
            {t('gamification.levelUp.reward', { xp: LEVEL_UP_REWARD_XP })}
          </p>
        </div>
        <button
          type="button"
          onClick={onClose}
          aria-label={t('gamification.levelUp.dismiss')}
          className="flex size-9 shrink-0 items-center justify-center rounded-lg text-stone-500 hover:bg-stone-100 hover:text-stone-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          <X aria-hidden className="size-4" />
        </button>
      </div>
    </div>
  );
}

/**
 * Spec §2 and §4: the global level-up notification, the level just reached with its 100 XP
 * reward in a corner for 6 s or until dismissed. A polite live region, never in the way.
 */
export function LevelUpNotification({
  notice,
  onClose,
}: {
  notice: LevelUpNotice | null;
  onClose: () => void;
}) {
  return (
    <div role="status" aria-live="polite" aria-atomic="true">
      {notice ? <LevelUpCard key={notice.id} level={notice.level} onClose={onClose} /> : null}
    </div>
  );
}
