import type { Achievement } from '@summa/shared';
import { appTranslations } from '@summa/shared/i18n/app';
import { Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ProgressBar } from '../../components/ui/progress-bar';
import { Badge } from '../../components/ui/badge';
import { cn } from '../../lib/utils';
import { GamificationIcon } from '../../components/gamification/gamification-icons';

type AchievementKey = keyof (typeof appTranslations)['en']['achievements']['items'];

function isKnown(key: string): key is AchievementKey {
  return Object.hasOwn(appTranslations.en.achievements.items, key);
}

/** An achievement's title and description; a key without texts yet shows the key alone. */
function useAchievementText(key: string): { title: string; description: string } {
  const { t } = useTranslation();
  if (!isKnown(key)) return { title: key, description: '' };
  return {
    title: t(`achievements.items.${key}.title`),
    description: t(`achievements.items.${key}.description`),
  };
}

/** One achievement: icon, texts, XP reward, and when it was unlocked or how far it has come. */
export function AchievementCard({ achievement }: { achievement: Achievement }) {
  const { t, i18n } = useTranslation();
  const { title, description } = useAchievementText(achievement.key);
  const unlocked = achievement.unlockedAt !== null;
  const date = achievement.unlockedAt
    ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(achievement.unlockedAt))
    : null;

  return (
    <article
      data-testid="achievement-card"
      aria-labelledby={`achievement-${achievement.key}`}
      className={cn(
        'flex h-full gap-3 rounded-2xl border bg-white p-4',
        unlocked ? 'border-amber-200' : 'border-stone-200',
      )}
    >
      <span
        className={cn(
          'relative flex size-12 shrink-0 items-center justify-center rounded-full',
          unlocked ? 'bg-amber-100 text-amber-700' : 'bg-stone-100 text-stone-400',
        )}
      >
        <GamificationIcon name={achievement.icon} aria-hidden className="size-6" />
        {unlocked ? null : (
          <span className="absolute -right-1 -bottom-1 flex size-5 items-center justify-center rounded-full bg-white text-stone-500 shadow-sm">
            <Lock aria-hidden className="size-3" />
          </span>
        )}
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex items-start justify-between gap-2">
          <h3 id={`achievement-${achievement.key}`} className="font-semibold text-stone-900">
            {title}
          </h3>
          <Badge variant="accent" className="shrink-0">
            {t('gamification.xpGain', { xp: achievement.xp })}
          </Badge>
        </div>
        {description ? <p className="text-sm text-stone-600">{description}</p> : null}
        {date && achievement.unlockedAt ? (
          <p className="mt-1 text-xs font-medium text-emerald-700">
            <time dateTime={achievement.unlockedAt}>{t('achievements.unlockedOn', { date })}</time>
          </p>
        ) : (
          <div className="mt-2 flex items-center gap-2">
            <span className="sr-only">{t('achievements.locked')}</span>
            <ProgressBar
              value={achievement.current}
              max={achievement.target}
              label={t('achievements.progressLabel', {
                current: achievement.current,
                target: achievement.target,
              })}
            />
            <span className="shrink-0 text-xs text-stone-600 tabular-nums" aria-hidden>
              {achievement.current}/{achievement.target}
            </span>
          </div>
        )}
      </div>
    </article>
  );
}

export function AchievementCardSkeleton() {
  return (
    <div className="flex animate-pulse gap-3 rounded-2xl border border-stone-200 bg-white p-4">
      <span className="size-12 shrink-0 rounded-full bg-stone-200" />
      <span className="flex flex-1 flex-col gap-2">
        <span className="h-4 w-2/3 rounded bg-stone-200" />
        <span className="h-3 w-full rounded bg-stone-100" />
        <span className="h-2 w-full rounded bg-stone-100" />
      </span>
    </div>
  );
}
