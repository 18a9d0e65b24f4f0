import type { AccountSession } from '@summa/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MonitorSmartphone } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { LoadError } from '../../../components/load-error';
import { LoadingSkeleton } from '../../../components/loading-skeleton';
import { StateMessage } from '../../../components/state-message';
import { authClient } from '../../../lib/auth/auth-client';
import { sessionEnded } from '../../../lib/invalidation';
import { logWarning } from '../../../lib/logger';
import { endSession, sessionsQuery } from './account-api';
import { accountErrorCode, accountErrorText } from './account-errors';
import { AccountCard } from './account-card';
import { SessionItem, useSessionName } from './session-item';

/** This device first, then the most recently used. */
function ordered(sessions: readonly AccountSession[]): AccountSession[] {
  return [...sessions].sort(
    (a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.localeCompare(a.lastSeenAt),
  );
}

/**
 * The devices the reader is signed in on, each with a sign-out; signing out this device signs the
 * reader out here, as the account menu does.
 */
export function SessionsList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const nameOf = useSessionName();
  const sessions = useQuery(sessionsQuery());
  const [ending, setEnding] = useState<string | null>(null);
  // The signed-out device's button goes with it: focus moves to the list rather than to the page.
  const listRef = useRef<HTMLUListElement>(null);

  const signOut = async (session: AccountSession) => {
    setEnding(session.id);
    if (session.current) {
      await authClient.signOut();
      toast(t('common.toast.signedOut'));
      void navigate('/auth', { replace: true });
      return;
    }
    try {
      try {
        await endSession(session.id);
      } catch (error) {
        // Already signed out (it expired, or was signed out elsewhere): it goes from the list all the same.
        if (accountErrorCode(error) !== 'NOT_FOUND') throw error;
      }
      await sessionEnded(client, session.id);
      listRef.current?.focus();
      toast.success(t('settings.account.sessions.signedOut', { name: nameOf(session) }));
    } catch (error) {
      logWarning('a device could not be signed out', error);
      toast.error(accountErrorText(error, t));
    } finally {
      setEnding(null);
    }
  };

  let body;
  if (sessions.data) {
    body =
      sessions.data.sessions.length === 0 ? (
        <StateMessage
          icon={<MonitorSmartphone aria-hidden className="size-10 text-stone-400" />}
          title={t('settings.account.sessions.empty.title')}
          body={t('settings.account.sessions.empty.body')}
          action={null}
        />
      ) : (
        <ul
          ref={listRef}
          tabIndex={-1}
          aria-label={t('settings.account.sessions.listLabel')}
          className="flex flex-col gap-3 rounded-xl focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600"
        >
          {ordered(sessions.data.sessions).map((session) => (
            <SessionItem
              key={session.id}
              session={session}
              ending={ending === session.id}
              busy={ending !== null}
              onSignOut={(chosen) => void signOut(chosen)}
            />
          ))}
        </ul>
      );
  } else if (sessions.isError) {
    body = (
      <LoadError
        title={t('settings.account.sessions.error.title')}
        body={t('settings.account.sessions.error.body')}
        retryLabel={t('settings.account.sessions.error.retry')}
        onRetry={() => void sessions.refetch()}
      />
    );
  } else {
    body = (
      <LoadingSkeleton
        testId="account-sessions-skeleton"
        className="flex animate-pulse flex-col gap-3"
        count={2}
        item={<div className="h-24 rounded-xl bg-stone-100" />}
      />
    );
  }

  return (
    <AccountCard title={t('settings.account.sessions.title')} lead={t('settings.account.sessions.lead')}>
      {body}
    </AccountCard>
  );
}
