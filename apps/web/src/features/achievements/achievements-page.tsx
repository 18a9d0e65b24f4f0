import type { Achievement } from '@summa/shared';
import { useQuery } from '@tanstack/react-query';
import { Trophy } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ShareButton } from '../../components/gamification/share-button';
import { LoadError } from '../../components/load-error';
import { LoadingSkeleton } from '../../components/loading-skeleton';
import { Page } from '../../components/page';
import { StateMessage } from '../../components/state-message';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { achievementsQuery } from '../../lib/gamification-api';
import { queryView } from '../../lib/query-client';
import { AchievementCard, AchievementCardSkeleton } from './achievement-card';

const FILTERS = ['all', 'unlocked', 'locked'] as const;
type Filter = (typeof FILTERS)[number];
const SKELETON_CARDS = 6;

function isFilter(value: string): value is Filter {
  return FILTERS.some((filter) => filter === value);
}

function matches(filter: Filter, achievement: Achievement): boolean {
  if (filter === 'all') return true;
  return (achievement.unlockedAt !== null) === (filter === 'unlocked');
}

/** Unlocked ones first, the most recent on top; locked ones by how close they are. */
function ordered(achievements: readonly Achievement[]): Achievement[] {
  return achievements
    .map((achievement, index) => ({ achievement, index }))
    .sort((a, b) => {
      const [x, y] = [a.achievement, b.achievement];
      if (x.unlockedAt && y.unlockedAt) return y.unlockedAt.localeCompare(x.unlockedAt);
      if (x.unlockedAt || y.unlockedAt) return x.unlockedAt ? -1 : 1;
      return y.current / y.target - x.current / x.target || a.index - b.index;
    })
    .map(({ achievement }) => achievement);
}

/** `/achievements`: every achievement, filterable, with progress toward the locked ones. */
export function AchievementsPage() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<Filter>('all');
  const query = useQuery(achievementsQuery());
  const view = queryView(query);

  let body;
  if (view === 'error') {
    body = (
      <LoadError
        title={t('achievements.error.title')}
        body={t('achievements.error.body')}
        retryLabel={t('achievements.error.retry')}
        onRetry={() => void query.refetch()}
      />
    );
  } else if (!query.data) {
    body = (
      <LoadingSkeleton
        testId="achievements-skeleton"
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3"
        count={SKELETON_CARDS}
        item={<AchievementCardSkeleton />}
      />
    );
  } else {
    const all = ordered(query.data.achievements);
    const unlocked = all.filter((achievement) => matches('unlocked', achievement)).length;
    const counts: Record<Filter, number> = { all: all.length, unlocked, locked: all.length - unlocked };
    const shown = all.filter((achievement) => matches(filter, achievement));
    body = (
      <div className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm font-medium text-stone-700">
            {t('achievements.summary', { unlocked: counts.unlocked, total: counts.all })}
          </p>
          <ShareButton
            url={new URL('/achievements', window.location.origin).href}
            messages={{
              button: t('achievements.share.button'),
              title: t('achievements.share.title'),
              text: t('achievements.share.text', { unlocked: counts.unlocked, total: counts.all }),
              shared: t('achievements.share.shared'),
              copied: t('achievements.share.copied'),
              failed: t('achievements.share.failed'),
            }}
          />
        </div>
        <Tabs
          value={filter}
          onValueChange={(value) => {
            if (isFilter(value)) setFilter(value);
          }}
          className="flex flex-col gap-4"
        >
          <TabsList
            aria-label={t('achievements.filters.label')}
            // On a phone each tab is as wide as its label, with the count below it: equal thirds
            // cut 'Desbloqueadas 2' short, over its neighbour (issue 23).
            className="flex w-full sm:inline-flex sm:w-auto sm:self-start"
          >
            {FILTERS.map((name) => (
              <TabsTrigger
                key={name}
                value={name}
                className="flex-auto flex-col gap-0.5 py-1 sm:flex-none sm:flex-row sm:gap-1.5 sm:py-0"
              >
                {t(`achievements.filters.${name}`)}{' '}
                <span
                  className="rounded-full bg-stone-200/70 px-1.5 text-xs tabular-nums"
                  data-testid="filter-count"
                >
                  {counts[name]}
                </span>
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value={filter} className="focus-visible:outline-none">
            {shown.length === 0 ? (
              <StateMessage
                icon={<Trophy aria-hidden className="size-10 text-stone-400" />}
                title={t(`achievements.filters.${filter}`)}
                body={t(`achievements.empty.${filter}`)}
                action={null}
              />
            ) : (
              <ul
                aria-label={t('achievements.listLabel')}
                className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3"
              >
                {shown.map((achievement) => (
                  <li key={achievement.key}>
                    <AchievementCard achievement={achievement} />
                  </li>
                ))}
              </ul>
            )}
          </TabsContent>
        </Tabs>
      </div>
    );
  }

  return (
    <Page title={t('pages.achievements.title')} lead={t('pages.achievements.lead')}>
      <div aria-busy={view === 'loading'}>{body}</div>
    </Page>
  );
}
