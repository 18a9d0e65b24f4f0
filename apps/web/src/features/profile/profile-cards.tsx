import {
  LEVEL_TIERS,
  levelProgress,
  STREAK_FREEZE_EVERY_DAYS,
  STREAK_FREEZES_MAX,
  type MeResponse,
} from '@summa/shared';
import {
  BookCheck,
  Flame,
  Medal,
  Pencil,
  ShieldCheck,
  Sparkles,
  Trophy,
  type LucideIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LevelIcon } from '../../components/gamification/level-icon';
import { ProgressBar } from '../../components/ui/progress-bar';
import { ReaderAvatar } from '../../components/gamification/reader-avatar';
import { Badge } from '../../components/ui/badge';
import { buttonVariants } from '../../components/ui/button';
import { cn } from '../../lib/utils';

const card = 'rounded-2xl border border-stone-200 bg-white p-4 sm:p-5';

/** Avatar, nickname (as text), the Premium badge and the way to settings. */
export function IdentityCard({ profile }: { profile: MeResponse['profile'] }) {
  const { t } = useTranslation();
  return (
    <section
      aria-label={t('pages.profile.title')}
      className={`${card} flex flex-col gap-4 sm:flex-row sm:items-center`}
    >
      <div className="flex min-w-0 flex-1 items-center gap-4">
        <ReaderAvatar url={profile.avatarUrl} className="size-16" />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <p className="flex flex-wrap items-center gap-2">
            <span
              className="min-w-0 text-xl font-semibold break-words text-stone-900"
              data-testid="profile-nickname"
            >
              {profile.nickname ?? t('profile.noNickname')}
            </span>
            {profile.plan === 'premium' ? (
              <Badge variant="accent">
                <Sparkles aria-hidden />
                {t('profile.premium')}
              </Badge>
            ) : null}
          </p>
          {profile.nickname ? null : <p className="text-sm text-stone-600">{t('profile.noNicknameHint')}</p>}
        </div>
      </div>
      <Link
        to="/settings"
        className={cn(buttonVariants({ variant: 'outline', size: 'sm' }), 'self-start sm:self-auto')}
      >
        <Pencil aria-hidden />
        {t('profile.edit')}
      </Link>
    </section>
  );
}

/** The tier (icon, colour, name), XP and the bar to the next threshold; 'Max level' at the top. */
export function LevelCard({ xp }: { xp: number }) {
  const { t, i18n } = useTranslation();
  const numbers = new Intl.NumberFormat(i18n.language);
  const { tier, progress, nextThreshold } = levelProgress(xp);
  const next = LEVEL_TIERS.find((candidate) => candidate.level === tier.level + 1);
  return (
    <section aria-labelledby="profile-level" className={`${card} flex flex-col gap-3`}>
      <h2 id="profile-level" className="text-sm font-semibold text-stone-600">
        {t('profile.level.heading')}
      </h2>
      <div className="flex items-center gap-3">
        <span
          className="flex size-12 shrink-0 items-center justify-center rounded-full"
          style={{ backgroundColor: `${tier.color}1a` }}
        >
          <LevelIcon tier={tier} className="size-6" />
        </span>
        <div className="flex min-w-0 flex-1 flex-col">
          <p className="text-lg font-semibold text-stone-900" data-testid="profile-level-name">
            {t(`gamification.levels.${tier.key}`)}
          </p>
          <p className="text-sm text-stone-600 tabular-nums">
            {t('profile.level.xp', { xp: numbers.format(xp) })}
          </p>
        </div>
      </div>
      <ProgressBar
        value={Math.round(progress)}
        max={100}
        label={t('profile.level.progressLabel')}
        valueText={`${Math.round(progress)}%`}
        color={tier.color}
      />
      <p className="text-sm text-stone-700" data-testid="profile-level-next">
        {next
          ? t('profile.level.next', {
              remaining: numbers.format(nextThreshold - xp),
              level: t(`gamification.levels.${next.key}`),
            })
          : t('profile.level.max')}
      </p>
    </section>
  );
}

function Stat({
  icon: Icon,
  label,
  value,
  children,
}: {
  icon: LucideIcon;
  label: string;
  value: string;
  children?: ReactNode;
}) {
  return (
    <div className={`${card} flex flex-col gap-1`} data-testid="profile-stat">
      <dt className="flex items-center gap-2 text-sm font-medium text-stone-600">
        <Icon aria-hidden className="size-4 text-brand-600" />
        {label}
      </dt>
      <dd className="text-2xl font-bold text-stone-900 tabular-nums">{value}</dd>
      {children ? <dd className="text-sm text-stone-600">{children}</dd> : null}
    </div>
  );
}

/** Books read, summaries generated, the streak (current, longest, freezes) and achievements. */
export function StatsGrid({ progress }: { progress: MeResponse['progress'] }) {
  const { t, i18n } = useTranslation();
  const numbers = new Intl.NumberFormat(i18n.language);
  const { streak } = progress;
  return (
    <section aria-labelledby="profile-stats" className="flex flex-col gap-3">
      <h2 id="profile-stats" className="text-lg font-semibold text-stone-900">
        {t('profile.stats.heading')}
      </h2>
      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <Stat
          icon={BookCheck}
          label={t('profile.stats.booksRead')}
          value={numbers.format(progress.booksRead)}
        />
        <Stat
          icon={Sparkles}
          label={t('profile.stats.summariesGenerated')}
          value={numbers.format(progress.summariesGenerated)}
        />
        <Stat
          icon={Flame}
          label={t('profile.stats.currentStreak')}
          value={t('profile.stats.days', { count: streak.current })}
        >
          {streak.today ? t('profile.stats.todayDone') : t('profile.stats.todayPending')}
        </Stat>
        <Stat
          icon={Medal}
          label={t('profile.stats.longestStreak')}
          value={t('profile.stats.days', { count: streak.longest })}
        />
        <Stat
          icon={ShieldCheck}
          label={t('profile.stats.freezes')}
          value={t('profile.stats.freezesValue', { count: streak.freezes, max: STREAK_FREEZES_MAX })}
        >
          {t('profile.stats.freezesHelp', { every: STREAK_FREEZE_EVERY_DAYS, max: STREAK_FREEZES_MAX })}
        </Stat>
        <Stat
          icon={Trophy}
          label={t('profile.achievements.heading')}
          value={numbers.format(progress.achievementsUnlocked)}
        >
          <Link
            to="/achievements"
            className="font-semibold text-brand-700 underline-offset-2 hover:underline"
          >
            {t('profile.achievements.link')}
          </Link>
        </Stat>
      </dl>
    </section>
  );
}
