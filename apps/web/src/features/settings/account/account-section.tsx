import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useAuth } from '../../../lib/auth/use-auth';
import { passwordChanged } from '../../../lib/invalidation';
import { SettingsSection } from '../settings-section';
import { DeleteAccount } from './delete-account';
import { EmailForm } from './email-form';
import { ExportData } from './export-data';
import { PasswordForm } from './password-form';
import { SessionsList } from './sessions-list';

/** The id of the section, for links to it (`/settings#account`, the Google re-sign-in's return). */
export const ACCOUNT_SECTION_ID = 'account';

/**
 * Settings' Account section: password, e-mail, signed-in devices, the data export and the
 * account's deletion (issue 23). Each part is its own card with its own state.
 */
export function AccountSection() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const client = useQueryClient();
  const location = useLocation();
  const ref = useRef<HTMLElement>(null);

  // Arriving at /settings#account (back from Google, say) shows the section.
  useEffect(() => {
    if (location.hash === `#${ACCOUNT_SECTION_ID}`) ref.current?.scrollIntoView({ block: 'start' });
  }, [location.hash]);

  if (!user) return null;
  return (
    <SettingsSection
      id={ACCOUNT_SECTION_ID}
      ref={ref}
      title={t('settings.account.title')}
      lead={t('settings.account.lead')}
    >
      {/* A new form when the account gains a password (its fields differ). */}
      <PasswordForm
        key={String(user.has_password)}
        hasPassword={user.has_password}
        email={user.email}
        onChanged={() => passwordChanged(client)}
      />
      <EmailForm
        key={`email-${String(user.has_password)}`}
        email={user.email}
        hasPassword={user.has_password}
      />
      <SessionsList />
      <ExportData />
      <DeleteAccount hasPassword={user.has_password} />
    </SettingsSection>
  );
}
