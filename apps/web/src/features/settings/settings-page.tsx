import { CircleAlert, RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/page';
import { StateMessage } from '../../components/state-message';
import { Button } from '../../components/ui/button';
import { useReaderProgress } from '../../lib/progress/use-reader-progress';
import { EmailConfirmationNotice } from './email-confirmation-notice';
import { SettingsForm } from './settings-form';

/** `/settings`: avatar, nickname, interface language and time zone. */
export function SettingsPage() {
  const { t } = useTranslation();
  const { me, status, refresh, setProfile } = useReaderProgress();

  let body;
  if (me) {
    // The form starts from the profile as loaded and keeps its own edits from then on.
    body = <SettingsForm profile={me.profile} onSaved={setProfile} />;
  } else if (status === 'error') {
    body = (
      <StateMessage
        role="alert"
        icon={<CircleAlert aria-hidden className="size-10 text-red-500" />}
        title={t('settings.error.title')}
        body={t('settings.error.body')}
        action={
          <Button variant="outline" onClick={refresh}>
            <RotateCw aria-hidden />
            {t('settings.error.retry')}
          </Button>
        }
      />
    );
  } else {
    body = (
      <>
        <p role="status" className="sr-only">
          {t('common.loading')}
        </p>
        <div
          className="flex max-w-2xl animate-pulse flex-col gap-6"
          aria-hidden
          data-testid="settings-skeleton"
        >
          <div className="h-40 rounded-2xl bg-stone-200" />
          <div className="h-16 rounded-2xl bg-stone-100" />
          <div className="h-16 rounded-2xl bg-stone-100" />
          <div className="h-16 rounded-2xl bg-stone-100" />
        </div>
      </>
    );
  }

  return (
    <Page title={t('pages.settings.title')} lead={t('pages.settings.lead')}>
      <EmailConfirmationNotice />
      {body}
    </Page>
  );
}
