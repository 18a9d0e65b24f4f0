import { CircleAlert, RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/page';
import { StateMessage } from '../../components/state-message';
import { Button } from '../../components/ui/button';
import { useReaderProgress } from '../../lib/progress/use-reader-progress';
import { IdentityCard, LevelCard, StatsGrid } from './profile-cards';

function ProfileSkeleton() {
  const { t } = useTranslation();
  return (
    <>
      <p role="status" className="sr-only">
        {t('common.loading')}
      </p>
      <div className="flex animate-pulse flex-col gap-4" aria-hidden data-testid="profile-skeleton">
        <div className="h-24 rounded-2xl bg-stone-200" />
        <div className="h-36 rounded-2xl bg-stone-200" />
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {Array.from({ length: 6 }, (_, index) => (
            <div key={index} className="h-24 rounded-2xl bg-stone-100" />
          ))}
        </div>
      </div>
    </>
  );
}

/** `/profile`: who the reader is in the ranking, their level and XP, reading counts and streak. */
export function ProfilePage() {
  const { t } = useTranslation();
  const { me, status, refresh } = useReaderProgress();

  let body;
  if (me) {
    body = (
      <div className="flex flex-col gap-4">
        <IdentityCard profile={me.profile} />
        <LevelCard xp={me.progress.xp} />
        <StatsGrid progress={me.progress} />
      </div>
    );
  } else if (status === 'error') {
    body = (
      <StateMessage
        role="alert"
        icon={<CircleAlert aria-hidden className="size-10 text-red-500" />}
        title={t('profile.error.title')}
        body={t('profile.error.body')}
        action={
          <Button variant="outline" onClick={refresh}>
            <RotateCw aria-hidden />
            {t('profile.error.retry')}
          </Button>
        }
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
