import { LEVEL_TIERS, levelProgress } from '@summa/shared';
import { CircleCheck, Flame, Target } from 'lucide-react';
import { Link } from 'react-router';
import { useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { ReaderProgressContext } from '../../lib/progress/progress-context';
import { cn } from '../../lib/utils';
import { ProgressBar } from '../ui/progress-bar';
import { GamificationIcon } from './gamification-icons';

/**
 * The signed-in reader's level (tier icon and name in the tier's colour), XP bar and current
 * streak, for the header. On a phone only the icon, the XP and the streak's number show, the bar
 * thin underneath; names stay for screen readers. Then today's goal (issue 27): done of target,
 * a check once met, linking to the daily review. Nothing for visitors or before it loads.
 */
export function HeaderProgress() {
  const { t } = useTranslation();
  const state = useContext(ReaderProgressContext);
  const progress = state?.status === 'ready' ? state.me?.progress : undefined;
  if (!progress) return null;

  const { tier, progress: percent } = levelProgress(progress.xp);
  const name = t(`gamification.levels.${tier.key}`);
  const rounded = Math.floor(percent);
  const barLabel =
    tier.level === LEVEL_TIERS.length
      ? t('gamification.header.progressTopLabel', { level: name, xp: progress.xp })
      : t('gamification.header.progressLabel', { level: name, xp: progress.xp, progress: rounded });
  const streak = progress.streak.current;
  const goal = progress.today;
  const goalLabel = goal.met
    ? t('gamification.header.goal.met')
    : t(`gamification.header.goal.${goal.goal}`, { done: goal.done, target: goal.target });

  return (
    <div className="flex items-center gap-2 sm:gap-3" data-testid="header-progress">
      <div className="flex min-w-0 flex-col gap-1">
        <p className="flex items-center gap-1 text-xs leading-none font-semibold sm:text-sm">
          <GamificationIcon
            name={tier.icon}
            aria-hidden
            className="size-4 shrink-0"
            style={{ color: tier.color }}
          />
          {/* The tier's colour stays on the icon: as small text, two of the five (green, amber) fall below 4.5:1 on white. */}
          <span className="text-stone-800 sr-only sm:not-sr-only" data-testid="header-level">
            {name}
          </span>
          <span className="text-stone-700 tabular-nums sm:ml-1 sm:font-medium sm:text-stone-500">
            <span aria-hidden className="sm:hidden">
              {progress.xp}
            </span>
            <span className="sr-only sm:not-sr-only">{t('gamification.xp', { xp: progress.xp })}</span>
          </span>
        </p>
        <ProgressBar
          value={rounded}
          label={barLabel}
          color={tier.color}
          className="h-1 w-full min-w-10 sm:h-1.5 sm:w-28"
        />
      </div>
      <p
        className={cn(
          'flex items-center gap-0.5 text-xs font-semibold tabular-nums sm:text-sm',
          streak > 0 ? 'text-orange-600' : 'text-stone-400',
        )}
        title={t('gamification.header.streak', { count: streak })}
      >
        <Flame aria-hidden className={cn('size-4 shrink-0', streak > 0 && 'fill-orange-200')} />
        <span aria-hidden>{streak}</span>
        <span className="sr-only" data-testid="header-streak">
          {t('gamification.header.streak', { count: streak })}
        </span>
      </p>
      <Link
        to="/review"
        className={cn(
          'flex items-center gap-0.5 rounded text-xs font-semibold tabular-nums focus-visible:ring-2 focus-visible:ring-stone-400 focus-visible:outline-none sm:text-sm',
          goal.met ? 'text-emerald-700' : 'text-stone-600',
        )}
        title={goalLabel}
        data-testid="header-goal"
      >
        {goal.met ? (
          <CircleCheck aria-hidden className="size-4 shrink-0" />
        ) : (
          <Target aria-hidden className="size-4 shrink-0" />
        )}
        <span aria-hidden>
          {goal.done}/{goal.target}
        </span>
        <span className="sr-only">{goalLabel}</span>
      </Link>
    </div>
  );
}
