import { useTranslation } from 'react-i18next';
import { LoadError } from '../../components/load-error';
import { LoadingSkeleton } from '../../components/loading-skeleton';
import { Page } from '../../components/page';
import { ReadingListCard } from '../../components/reading-list/reading-list-panel';
import { useReaderProgress } from '../../lib/progress/use-reader-progress';
import { IdentityCard, LevelCard, StatsGrid } from './profile-cards';

function ProfileSkeleton() {
  return (
    <LoadingSkeleton testId="profile-skeleton" className="flex animate-pulse flex-col gap-4">
      <div className="h-24 rounded-2xl bg-stone-200" />
      <div className="h-36 rounded-2xl bg-stone-200" />
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: 6 }, (_, index) => (
          <div key={index} className="h-24 rounded-2xl bg-stone-100" />
        ))}
      </div>
    </LoadingSkeleton>
  );
}

/** `/profile`: who the reader is in the ranking, their level and XP, reading counts and streak. */
export function ProfilePage() {
  const { t } = useTranslation();
  const { me, status, retry } = useReaderProgress();

  let body;
  if (me) {
    body = (
      <div className="flex flex-col gap-4">
        <IdentityCard profile={me.profile} />
        <LevelCard xp={me.progress.xp} />
        <StatsGrid progress={me.progress} />
        <ReadingListCard />
      </div>
    );
  } else if (status === 'error') {
    body = (
      <LoadError
        title={t('profile.error.title')}
        body={t('profile.error.body')}
        retryLabel={t('profile.error.retry')}
        onRetry={retry}
      />
    );
  } else {
    body = <ProfileSkeleton />;
  }

  return (
    <Page title={t('pages.profile.title')} lead={t('pages.profile.lead')}>
      <div className="max-w-3xl">{body}</div>
    </Page>
  );
}
