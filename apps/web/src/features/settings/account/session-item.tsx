import type { AccountSession } from '@summa/shared';
import { HelpCircle, LogOut, Monitor, Smartphone, Tablet, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { BusyButton } from '../../../components/ui/busy-button';
import { currentLanguage } from '../../../lib/i18n';
import { formatMoment } from './format-time';

const DEVICE_ICONS: Record<NonNullable<AccountSession['device']>, LucideIcon> = {
  mobile: Smartphone,
  tablet: Tablet,
  desktop: Monitor,
};

/** "Chrome 131 · Windows 10", with words for what the user agent did not say. */
export function useSessionName(): (session: AccountSession) => string {
  const { t } = useTranslation();
  return (session) =>
    `${session.browser ?? t('settings.account.sessions.unknownBrowser')} · ${
      session.os ?? t('settings.account.sessions.unknownOs')
    }`;
}

interface SessionItemProps {
  session: AccountSession;
  /** This device's sign-out is under way. */
  ending: boolean;
  /** Another sign-out is under way: this one waits. */
  busy: boolean;
  onSignOut: (session: AccountSession) => void;
}

/** One signed-in device: what it is, when it signed in and was last used, and a way to sign it out. */
export function SessionItem({ session, ending, busy, onSignOut }: SessionItemProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const name = useSessionName()(session);
  const Icon = session.device ? DEVICE_ICONS[session.device] : HelpCircle;
  const kind = t(`settings.account.sessions.device.${session.device ?? 'unknown'}`);
  return (
    <li
      className="flex flex-col gap-3 rounded-xl border border-stone-200 p-3 sm:flex-row sm:items-center sm:gap-4 sm:p-4"
      data-testid="account-session"
      data-current={session.current || undefined}
    >
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-stone-100 text-stone-700">
          <Icon aria-hidden className="size-5" />
        </span>
        <div className="flex min-w-0 flex-col gap-0.5">
          <p className="flex flex-wrap items-center gap-2 font-medium break-words text-stone-900">
            <span>{name}</span>
            {session.current ? (
              <Badge variant="success">{t('settings.account.sessions.thisDevice')}</Badge>
            ) : null}
          </p>
          <p className="text-sm text-stone-600">{kind}</p>
          <p className="text-xs text-stone-600">
            {t('settings.account.sessions.firstSeen', { date: formatMoment(session.firstSeenAt, language) })}
          </p>
          <p className="text-xs text-stone-600">
            <time dateTime={session.lastSeenAt}>
              {t('settings.account.sessions.lastSeen', { date: formatMoment(session.lastSeenAt, language) })}
            </time>
          </p>
        </div>
      </div>
      <BusyButton
        type="button"
        variant="outline"
        size="sm"
        className="w-full shrink-0 sm:w-auto"
        aria-label={t('settings.account.sessions.signOutOf', { name })}
        aria-disabled={busy || ending}
        busy={ending}
        icon={<LogOut aria-hidden />}
        onClick={() => {
          if (!busy && !ending) onSignOut(session);
        }}
      >
        {ending ? t('settings.account.sessions.signingOut') : t('settings.account.sessions.signOut')}
      </BusyButton>
    </li>
  );
}
