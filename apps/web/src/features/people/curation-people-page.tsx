import type { AdminPerson, PersonCreate } from '@summa/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Pencil, Trash2, UserPlus } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../components/load-error';
import { LoadingSkeleton } from '../../components/loading-skeleton';
import { Page } from '../../components/page';
import { ActionDialog } from '../../components/ui/action-dialog';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ApiError } from '../../lib/api-client';
import { personCurated } from '../../lib/invalidation';
import { usePeopleTexts } from '../../lib/people-texts';
import { queryView } from '../../lib/query-client';
import { toast } from '../../lib/toast';
import { adminPeopleQuery, createPerson, removePerson, updatePerson } from './people-api';
import { PersonForm } from './person-form';
import { PersonPortrait } from './person-portrait';

/** What the editor shows: nothing, a new person, or one being edited. */
type Editing = { kind: 'none' } | { kind: 'new' } | { kind: 'edit'; person: AdminPerson };

/** `/curation/people` (admins, checked on the server too): people and their shelves, every pick sourced. */
export function CurationPeoplePage() {
  const { t: tApp } = useTranslation();
  const { t } = usePeopleTexts();
  const client = useQueryClient();
  const people = useQuery(adminPeopleQuery());
  const [editing, setEditing] = useState<Editing>({ kind: 'none' });
  const [removing, setRemoving] = useState<AdminPerson | null>(null);
  const [busy, setBusy] = useState(false);
  const editorHeading = useRef<HTMLHeadingElement>(null);
  const editingKey = editing.kind === 'edit' ? editing.person.slug : editing.kind;

  // The editor opens below a long list on a phone: it is brought into view, with focus on its title.
  useEffect(() => {
    if (editingKey === 'none') return;
    editorHeading.current?.scrollIntoView({ block: 'start' });
    editorHeading.current?.focus();
  }, [editingKey]);

  const save = async (payload: PersonCreate) => {
    if (editing.kind === 'edit') {
      // The slug names the person in the path; it does not change.
      const { slug: _slug, ...edit } = payload;
      await updatePerson(editing.person.slug, edit);
    } else {
      await createPerson(payload);
    }
    personCurated(client);
    toast.success(t('curation.savedToast'));
    setEditing({ kind: 'none' });
  };

  const remove = async (person: AdminPerson) => {
    setBusy(true);
    try {
      await removePerson(person.slug);
      personCurated(client);
      toast.success(t('curation.removedToast'));
      setRemoving(null);
      if (editing.kind === 'edit' && editing.person.slug === person.slug) setEditing({ kind: 'none' });
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : tApp('common.toast.tryAgain'));
    } finally {
      setBusy(false);
    }
  };

  const view = queryView(people);
  let list: ReactNode;
  if (view === 'error') {
    list = (
      <LoadError
        title={t('curation.errorTitle')}
        body={t('list.errorBody')}
        retryLabel={t('list.retry')}
        onRetry={() => void people.refetch()}
      />
    );
  } else if (!people.data) {
    list = (
      <LoadingSkeleton testId="curation-skeleton" className="flex flex-col gap-2" list count={5}>
        <div className="h-14 animate-pulse rounded-xl bg-stone-100" />
      </LoadingSkeleton>
    );
  } else {
    list = (
      <ul className="flex flex-col gap-2">
        {people.data.people.map((person) => (
          <li
            key={person.slug}
            className="flex items-center gap-3 rounded-xl border border-stone-200 bg-white p-2.5"
            data-testid="curation-person"
          >
            <PersonPortrait slug={person.slug} initials={person.initials} className="size-10 text-sm" />
            <span className="flex min-w-0 flex-1 flex-col">
              <span className="truncate font-medium text-stone-900">{person.name}</span>
              <span className="flex flex-wrap items-center gap-1 text-xs text-stone-600">
                {t('list.books', { count: person.picks.length })}
                <Badge className={person.origin === 'admin' ? 'bg-amber-100 text-amber-900' : undefined}>
                  {person.origin === 'admin' ? t('curation.edited') : t('curation.shipped')}
                </Badge>
              </span>
            </span>
            <Button
              variant="ghost"
              size="icon"
              className="size-9"
              aria-label={`${t('curation.edit')}: ${person.name}`}
              onClick={() => setEditing({ kind: 'edit', person })}
            >
              <Pencil aria-hidden />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              className="size-9 text-red-700 hover:bg-red-50"
              aria-label={`${t('curation.remove')}: ${person.name}`}
              onClick={() => setRemoving(person)}
            >
              <Trash2 aria-hidden />
            </Button>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Page title={tApp('pages.curationPeople.title')} lead={t('curation.lead')}>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[20rem_minmax(0,1fr)]">
        <section aria-labelledby="curation-people" className="flex flex-col gap-3">
          <div className="flex items-center justify-between gap-2">
            <h2 id="curation-people" className="text-lg font-semibold text-stone-900">
              {t('curation.people')}
            </h2>
            <Button size="sm" onClick={() => setEditing({ kind: 'new' })}>
              <UserPlus aria-hidden />
              {t('curation.add')}
            </Button>
          </div>
          {list}
        </section>
        {editing.kind === 'none' ? null : (
          <section
            aria-labelledby="curation-editor"
            className="flex flex-col gap-4 rounded-2xl border border-stone-200 bg-white p-4 sm:p-6"
          >
            <h2
              id="curation-editor"
              ref={editorHeading}
              tabIndex={-1}
              className="scroll-mt-20 text-lg font-semibold text-stone-900 focus:outline-none"
            >
              {editing.kind === 'edit'
                ? t('curation.formEdit', { name: editing.person.name })
                : t('curation.formNew')}
            </h2>
            <PersonForm
              key={editing.kind === 'edit' ? editing.person.slug : 'new'}
              person={editing.kind === 'edit' ? editing.person : null}
              onSave={save}
              onCancel={() => setEditing({ kind: 'none' })}
            />
          </section>
        )}
      </div>
      <ActionDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        title={t('curation.removeTitle', { name: removing?.name ?? '' })}
        description={t('curation.removeBody')}
        closeLabel={t('curation.cancel')}
        actions={
          <Button variant="destructive" disabled={busy} onClick={() => removing && void remove(removing)}>
            <Trash2 aria-hidden />
            {t('curation.remove')}
          </Button>
        }
      />
    </Page>
  );
}
