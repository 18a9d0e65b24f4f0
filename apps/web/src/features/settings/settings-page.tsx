import type { Profile } from '@summa/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../components/load-error';
import { LoadingSkeleton } from '../../components/loading-skeleton';
import { Page } from '../../components/page';
import { profileSaved } from '../../lib/invalidation';
import { useReaderProgress } from '../../lib/progress/use-reader-progress';
import { AccountSection } from './account/account-section';
import { EmailConfirmationNotice } from './email-confirmation-notice';
import { ReminderSection } from './reminders/reminder-section';
import { SettingsForm } from './settings-form';
import { ThemeField } from './theme-field';

/** `/settings`: avatar, nickname, interface language and time zone; the theme; the daily reminder; then the Account section. */
export function SettingsPage() {
  const { t } = useTranslation();
  const { me, status, retry } = useReaderProgress();
  const client = useQueryClient();
  // The saved profile reaches the header and the reader's ranking entries at once.
  const onSaved = useCallback((profile: Profile) => void profileSaved(client, profile), [client]);

  let body;
  if (me) {
    // The form starts from the profile as loaded and keeps its own edits from then on.
    body = <SettingsForm profile={me.profile} onSaved={onSaved} />;
  } else if (status === 'error') {
    body = (
      <LoadError
        title={t('settings.error.title')}
        body={t('settings.error.body')}
        retryLabel={t('settings.error.retry')}
        onRetry={retry}
      />
    );
  } else {
    body = (
      <LoadingSkeleton testId="settings-skeleton" className="flex max-w-2xl animate-pulse flex-col gap-6">
        <div className="h-40 rounded-2xl bg-stone-200" />
        <div className="h-16 rounded-2xl bg-stone-100" />
        <div className="h-16 rounded-2xl bg-stone-100" />
        <div className="h-16 rounded-2xl bg-stone-100" />
      </LoadingSkeleton>
    );
  }

  return (
    <Page title={t('pages.settings.title')} lead={t('pages.settings.lead')}>
      <EmailConfirmationNotice />
      {body}
      <div className="mt-10">
        <ThemeField />
      </div>
      <ReminderSection />
      <AccountSection />
    </Page>
  );
}
