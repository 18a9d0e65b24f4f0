import {
  PERSON_FIELDS,
  SOURCE_KINDS,
  personCreateSchema,
  personEditSchema,
  type AdminPerson,
  type PersonCreate,
  type PickSource,
} from '@summa/shared';
import { Save, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useFieldArray, useForm, useWatch, type Path } from 'react-hook-form';
import { FormError } from '../../components/ui/form-error';
import { Label, inputClass } from '../../components/ui/input';
import { Button } from '../../components/ui/button';
import { SubmitButton } from '../../components/ui/submit-button';
import { TextAreaField, TextField } from '../../components/ui/text-field';
import { ApiError } from '../../lib/api-client';
import { usePeopleTexts } from '../../lib/people-texts';
import { cn } from '../../lib/utils';
import { BookFinder, type FoundBook } from './book-finder';
import { PickCard } from './pick-card';

/** A pick as the form holds it: the chosen book, and its source with the link as typed. */
interface PickValues {
  book: FoundBook;
  source: Omit<PickSource, 'url'> & { url: string };
}

export interface PersonValues {
  slug: string;
  name: string;
  field: PersonCreate['field'];
  country: string;
  bio: { pt: string; en: string; es: string };
  picks: PickValues[];
}

/** The form's values for a person (or a blank one). */
export function personValues(person: AdminPerson | null): PersonValues {
  if (!person) {
    return { slug: '', name: '', field: 'writer', country: '', bio: { pt: '', en: '', es: '' }, picks: [] };
  }
  return {
    slug: person.slug,
    name: person.name,
    field: person.field,
    country: person.country,
    bio: person.bio,
    picks: person.picks.map((pick) => ({
      book: pick.book,
      source: { ...pick.source, url: pick.source.url ?? '' },
    })),
  };
}

/** What the API takes from the form: the contract's body, an empty link being no link. */
function payloadOf(values: PersonValues): PersonCreate {
  return {
    slug: values.slug.trim(),
    name: values.name,
    field: values.field,
    country: values.country.trim().toUpperCase(),
    bio: values.bio,
    picks: values.picks.map((pick) => ({
      bookId: pick.book.id,
      source: { ...pick.source, url: pick.source.url.trim() || null },
    })),
  };
}

// A select matches :read-only, which the input style greys out: it stays white, as an input does.
const selectClass = cn(inputClass, 'pr-8 read-only:bg-white read-only:text-stone-900');

/**
 * Adds or edits a person: their details, a bio in each language and the shelf, every pick with its
 * source (the shared contract checks the whole before anything is sent), and a preview of the shelf.
 */
export function PersonForm({
  person,
  onSave,
  onCancel,
}: {
  /** The person edited, or null for a new one. */
  person: AdminPerson | null;
  onSave: (payload: PersonCreate) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = usePeopleTexts();
  const id = useId();
  const form = useForm<PersonValues>({ defaultValues: personValues(person) });
  const picks = useFieldArray({ control: form.control, name: 'picks' });
  const [failure, setFailure] = useState<string | null>(null);
  const watched = useWatch({ control: form.control, name: 'picks' });

  const errorOf = (name: Path<PersonValues>) => {
    const error = form.getFieldState(name, form.formState).error;
    if (!error) return null;
    return error.type === 'required' ? t('curation.required') : t('curation.invalid');
  };

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    const payload = payloadOf(values);
    const checked = (person ? personEditSchema : personCreateSchema).safeParse(payload);
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        const name = issue.path.join('.') as Path<PersonValues>;
        const empty = issue.code === 'too_small';
        form.setError(name, { type: empty ? 'required' : 'invalid' }, { shouldFocus: true });
      }
      return;
    }
    try {
      await onSave(payload);
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : t('curation.invalid'));
    }
  });

  const field = (
    name: Path<PersonValues>,
    label: string,
    options: { hint?: string; readOnly?: boolean } = {},
  ) => (
    <TextField
      id={`${id}-${name}`}
      label={label}
      hint={options.hint}
      readOnly={options.readOnly}
      error={errorOf(name)}
      {...form.register(name)}
    />
  );

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-5">
      <div className="grid gap-4 sm:grid-cols-2">
        {field('slug', t('curation.slug'), { hint: t('curation.slugHint'), readOnly: person !== null })}
        {field('name', t('curation.name'))}
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-field`}>{t('curation.field')}</Label>
          <select id={`${id}-field`} className={selectClass} {...form.register('field')}>
            {PERSON_FIELDS.map((option) => (
              <option key={option} value={option}>
                {t(`fields.${option}`)}
              </option>
            ))}
          </select>
        </div>
        {field('country', t('curation.country'))}
      </div>
      {(['pt', 'en', 'es'] as const).map((language) => (
        <TextAreaField
          key={language}
          id={`${id}-bio-${language}`}
          label={t(`curation.bio${language === 'pt' ? 'Pt' : language === 'en' ? 'En' : 'Es'}`)}
          className="min-h-24"
          error={errorOf(`bio.${language}`)}
          {...form.register(`bio.${language}`)}
        />
      ))}

      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-base font-semibold text-stone-900">{t('curation.picks')}</legend>
        {picks.fields.length === 0 ? <p className="text-sm text-stone-600">{t('curation.noPicks')}</p> : null}
        <ol className="flex flex-col gap-3">
          {picks.fields.map((pick, index) => (
            <li
              key={pick.id}
              className="flex flex-col gap-3 rounded-xl border border-stone-200 bg-stone-50 p-3"
            >
              <div className="flex items-start justify-between gap-3">
                <p className="font-medium text-stone-900">
                  {pick.book.title} <span className="font-normal text-stone-600">· {pick.book.author}</span>
                </p>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="size-9 shrink-0"
                  aria-label={t('curation.removePick', { title: pick.book.title })}
                  onClick={() => picks.remove(index)}
                >
                  <Trash2 aria-hidden />
                </Button>
              </div>
              <div className="grid gap-3 sm:grid-cols-2">
                <div className="flex flex-col gap-1.5">
                  <Label htmlFor={`${id}-kind-${index}`}>{t('curation.sourceKind')}</Label>
                  <select
                    id={`${id}-kind-${index}`}
                    className={selectClass}
                    {...form.register(`picks.${index}.source.kind`)}
                  >
                    {SOURCE_KINDS.map((kind) => (
                      <option key={kind} value={kind}>
                        {t(`kinds.${kind}`)}
                      </option>
                    ))}
                  </select>
                </div>
                {field(`picks.${index}.source.title`, t('curation.sourceTitle'))}
                {field(`picks.${index}.source.date`, t('curation.sourceDate'))}
                {field(`picks.${index}.source.url`, t('curation.sourceUrl'))}
              </div>
            </li>
          ))}
        </ol>
        <BookFinder
          exclude={new Set(watched.map((pick) => pick.book.id))}
          onPick={(book) =>
            picks.append({ book, source: { kind: 'interview', title: '', date: '', url: '' } })
          }
        />
      </fieldset>

      {watched.length > 0 ? (
        <section aria-labelledby={`${id}-preview`} className="flex flex-col gap-3">
          <h3 id={`${id}-preview`} className="text-base font-semibold text-stone-900">
            {t('curation.preview')}
          </h3>
          <ul className="flex flex-col gap-3">
            {watched.map((pick) => (
              <li key={pick.book.id}>
                <PickCard
                  book={pick.book}
                  source={{
                    ...pick.source,
                    title: pick.source.title || '—',
                    date: pick.source.date,
                    url: null,
                  }}
                />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <FormError id={`${id}-failure`} message={failure} />
      <div className="flex flex-wrap gap-2">
        <SubmitButton busy={form.formState.isSubmitting} icon={<Save aria-hidden />} className="">
          {form.formState.isSubmitting ? t('curation.saving') : t('curation.save')}
        </SubmitButton>
        <Button type="button" variant="outline" onClick={onCancel}>
          {t('curation.cancel')}
        </Button>
      </div>
    </form>
  );
}
