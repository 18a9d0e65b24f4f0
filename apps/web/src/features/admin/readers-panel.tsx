import type { AdminReader } from '@summa/shared';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ActionDialog } from '../../components/ui/action-dialog';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { SearchInput } from '../../components/ui/search-input';
import { deleteReader, readersQuery, setPremiumGrant, setRole, signOutReader } from './admin-api';
import { cardClass, ConsoleSection, formatWhen, useConsoleAction } from './console-parts';
import { useConsoleTexts } from './console-texts';

/** Readers: found by e-mail or nickname, with their plan, role and usage, and what an admin may do to them. */
export function ReadersPanel() {
  const { t } = useConsoleTexts();
  const searchId = useId();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const readers = useQuery(readersQuery(q));
  return (
    <ConsoleSection
      id="console-readers"
      title={t('readers.title')}
      query={readers}
      toolbar={
        <form
          role="search"
          className="flex max-w-xl flex-col gap-2 sm:flex-row sm:items-end"
          onSubmit={(event) => {
            event.preventDefault();
            setQ(text.trim());
          }}
        >
          <SearchInput
            id={searchId}
            className="flex-1"
            label={t('readers.searchLabel')}
            value={text}
            placeholder={t('readers.searchPlaceholder')}
            onChange={(event) => setText(event.target.value)}
          />
          <Button type="submit">{t('common.search')}</Button>
        </form>
      }
    >
      {(list) =>
        list.length === 0 ? (
          <p className="text-sm text-stone-600">{t('readers.none')}</p>
        ) : (
          <ul className="grid gap-3 lg:grid-cols-2" aria-label={t('readers.title')}>
            {list.map((reader) => (
              <li key={reader.id}>
                <ReaderCard reader={reader} />
              </li>
            ))}
          </ul>
        )
      }
    </ConsoleSection>
  );
}

type Confirm = 'sign-out' | 'delete' | null;

function ReaderCard({ reader }: { reader: AdminReader }) {
  const { t } = useConsoleTexts();
  const { busy, run } = useConsoleAction();
  const [confirm, setConfirm] = useState<Confirm>(null);
  const isAdmin = reader.role === 'admin';
  const facts: [string, string][] = [
    [t('readers.plan'), t(`readers.plans.${reader.plan}`)],
    [t('readers.role'), t(`readers.roles.${reader.role}`)],
    [t('readers.signedUp'), formatWhen(reader.signedUpAt, false)],
    [t('readers.language'), reader.language.toUpperCase()],
    [
      t('readers.usage'),
      `${t('readers.summariesCount', { count: reader.summariesThisMonth })}, ${t('readers.audiosCount', { count: reader.audiosThisMonth })}`,
    ],
    [t('readers.lastSeen'), reader.lastSeenAt ? formatWhen(reader.lastSeenAt) : t('readers.never')],
  ];
  return (
    <article className={cardClass} aria-label={reader.email} data-testid="admin-reader">
      <header className="flex flex-wrap items-center gap-2">
        <h3 className="min-w-0 font-semibold break-all text-stone-900">{reader.email}</h3>
        {isAdmin ? <Badge variant="brand">{t('readers.roles.admin')}</Badge> : null}
        {!reader.emailConfirmed ? <Badge variant="accent">{t('readers.unconfirmed')}</Badge> : null}
      </header>
      <p className="text-sm text-stone-700">
        {reader.fullName}
        {reader.nickname ? ` · @${reader.nickname}` : ''}
      </p>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
        {facts.map(([term, value]) => (
          <div key={term} className="flex flex-col">
            <dt className="text-stone-600">{term}</dt>
            <dd className="font-medium text-stone-900">{value}</dd>
          </div>
        ))}
      </dl>
      <div
        className="flex flex-wrap gap-2"
        role="group"
        aria-label={t('readers.actionsFor', { email: reader.email })}
      >
        <Button
          size="sm"
          variant="outline"
          disabled={busy !== null}
          onClick={() => void run('premium', () => setPremiumGrant(reader.id, !reader.premiumGranted))}
        >
          {reader.premiumGranted ? t('readers.revoke') : t('readers.grant')}
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={busy !== null}
          onClick={() => void run('role', () => setRole(reader.id, isAdmin ? 'user' : 'admin'))}
        >
          {isAdmin ? t('readers.unmakeAdmin') : t('readers.makeAdmin')}
        </Button>
        <Button size="sm" variant="outline" disabled={busy !== null} onClick={() => setConfirm('sign-out')}>
          {t('readers.signOut')}
        </Button>
        {!isAdmin ? (
          <Button
            size="sm"
            variant="destructive"
            disabled={busy !== null}
            onClick={() => setConfirm('delete')}
          >
            {t('readers.delete')}
          </Button>
        ) : null}
      </div>
      <ActionDialog
        open={confirm !== null}
        onOpenChange={(open) => {
          if (!open) setConfirm(null);
        }}
        title={
          confirm === 'delete'
            ? t('readers.deleteTitle', { email: reader.email })
            : t('readers.signOutTitle', { email: reader.email })
        }
        description={confirm === 'delete' ? t('readers.deleteBody') : t('readers.signOutBody')}
        closeLabel={t('common.cancel')}
        actions={
          <Button
            variant={confirm === 'delete' ? 'destructive' : 'primary'}
            disabled={busy !== null}
            onClick={() =>
              void run(confirm ?? 'sign-out', () =>
                confirm === 'delete' ? deleteReader(reader.id) : signOutReader(reader.id),
              ).then(() => setConfirm(null))
            }
          >
            {confirm === 'delete' ? t('readers.delete') : t('readers.signOut')}
          </Button>
        }
      />
    </article>
  );
}
