import { zodResolver } from '@hookform/resolvers/zod';
import { generateSummaryRequestSchema } from '@summa/shared';
import { useId } from 'react';
import { flushSync } from 'react-dom';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ActionDialog, DialogActions } from '../../components/ui/action-dialog';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { fieldErrorText } from '../../lib/form-errors';

export interface BookDetails {
  title: string;
  author: string;
}

interface BookDetailsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** What the fields start with each time the dialog opens. */
  initial: BookDetails;
  onConfirm: (details: BookDetails) => void;
}

/** The generation contract's title and author: what the server takes is what Confirm sends. */
const detailsSchema = generateSummaryRequestSchema.pick({ bookTitle: true, bookAuthor: true });

function DetailsForm({ initial, onConfirm }: Pick<BookDetailsDialogProps, 'initial' | 'onConfirm'>) {
  const { t } = useTranslation();
  const id = useId();
  const {
    control,
    register,
    handleSubmit,
    getValues,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(detailsSchema),
    defaultValues: { bookTitle: initial.title, bookAuthor: initial.author },
  });
  const [title, author] = useWatch({ control, name: ['bookTitle', 'bookAuthor'] });

  // A field says what is wrong as soon as it is changed or left, by its schema in the contract
  // (at once, in the same event, rather than after the form's own asynchronous check).
  const check = (name: keyof typeof detailsSchema.shape) => {
    const issue = detailsSchema.shape[name].safeParse(getValues(name)).error?.issues[0];
    if (issue) setError(name, { type: issue.code, message: issue.message });
    else clearErrors(name);
  };
  const checked = (name: keyof typeof detailsSchema.shape) =>
    register(name, { onChange: () => check(name), onBlur: () => check(name) });
  // Spec §5: Confirm stays disabled until both are non-empty after trimming.
  const complete = title.trim() !== '' && author.trim() !== '';

  return (
    <form
      onSubmit={(event) =>
        void handleSubmit(({ bookTitle, bookAuthor }) =>
          // The dialog closes and the generation starts in this same turn, as when Confirm was
          // handled in its click event (the form's own check ends a few promises later).
          flushSync(() => onConfirm({ title: bookTitle, author: bookAuthor })),
        )(event)
      }
      noValidate
      className="flex flex-col gap-5"
    >
      <TextField
        id={`${id}-title`}
        label={t('search.details.titleLabel')}
        placeholder={t('search.details.titlePlaceholder')}
        error={fieldErrorText(t, errors.bookTitle)}
        required
        aria-required
        autoComplete="off"
        // Focused by the dialog on opening (not autoFocus, which would hide the opener from it).
        data-autofocus={initial.title ? undefined : true}
        {...checked('bookTitle')}
      />
      <TextField
        id={`${id}-author`}
        label={t('search.details.authorLabel')}
        placeholder={t('search.details.authorPlaceholder')}
        error={fieldErrorText(t, errors.bookAuthor)}
        required
        aria-required
        autoComplete="off"
        data-autofocus={initial.title ? true : undefined}
        {...checked('bookAuthor')}
      />
      <DialogActions closeLabel={t('search.details.cancel')}>
        <Button type="submit" disabled={!complete}>
          {t('search.details.confirm')}
        </Button>
      </DialogActions>
    </form>
  );
}

/**
 * Spec §2 'Book details dialog': asks for the title and the author when no author is known
 * (a suggestion without an id, or the typed text). Both are required.
 */
export function BookDetailsDialog({ open, onOpenChange, initial, onConfirm }: BookDetailsDialogProps) {
  const { t } = useTranslation();
  return (
    <ActionDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('search.details.title')}
      description={t('search.details.description')}
      onOpenAutoFocus={(event) => {
        const field =
          event.currentTarget instanceof HTMLElement
            ? event.currentTarget.querySelector<HTMLElement>('[data-autofocus]')
            : null;
        if (!field) return;
        event.preventDefault();
        field.focus();
      }}
    >
      {/* Mounted only while open, so every opening starts from `initial`. */}
      {open ? <DetailsForm initial={initial} onConfirm={onConfirm} /> : null}
    </ActionDialog>
  );
}
