import { useId, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { Input, Label } from '../../components/ui/input';

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

interface FieldProps {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  error: string | null;
  autoFocus?: boolean;
  onChange: (value: string) => void;
  onBlur: () => void;
}

function Field({ id, label, placeholder, value, error, autoFocus, onChange, onBlur }: FieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        value={value}
        placeholder={placeholder}
        required
        aria-required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        // Focused by the dialog on opening (not autoFocus, which would hide the opener from it).
        data-autofocus={autoFocus ? true : undefined}
        autoComplete="off"
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      />
      {error ? (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function DetailsForm({ initial, onConfirm }: Pick<BookDetailsDialogProps, 'initial' | 'onConfirm'>) {
  const { t } = useTranslation();
  const id = useId();
  const [title, setTitle] = useState(initial.title);
  const [author, setAuthor] = useState(initial.author);
  const [touched, setTouched] = useState({ title: false, author: false });

  const details = { title: title.trim(), author: author.trim() };
  // Spec §5: Confirm stays disabled until both are non-empty after trimming.
  const complete = details.title !== '' && details.author !== '';

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (complete) onConfirm(details);
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5">
      <Field
        id={`${id}-title`}
        label={t('search.details.titleLabel')}
        placeholder={t('search.details.titlePlaceholder')}
        value={title}
        error={touched.title && !details.title ? t('search.details.titleRequired') : null}
        autoFocus={!initial.title}
        onChange={(value) => {
          setTitle(value);
          setTouched((current) => ({ ...current, title: true }));
        }}
        onBlur={() => setTouched((current) => ({ ...current, title: true }))}
      />
      <Field
        id={`${id}-author`}
        label={t('search.details.authorLabel')}
        placeholder={t('search.details.authorPlaceholder')}
        value={author}
        error={touched.author && !details.author ? t('search.details.authorRequired') : null}
        autoFocus={Boolean(initial.title)}
        onChange={(value) => {
          setAuthor(value);
          setTouched((current) => ({ ...current, author: true }));
        }}
        onBlur={() => setTouched((current) => ({ ...current, author: true }))}
      />
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline">
            {t('search.details.cancel')}
          </Button>
        </DialogClose>
        <Button type="submit" disabled={!complete}>
          {t('search.details.confirm')}
        </Button>
      </DialogFooter>
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
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
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
        <DialogHeader>
          <DialogTitle>{t('search.details.title')}</DialogTitle>
          <DialogDescription>{t('search.details.description')}</DialogDescription>
        </DialogHeader>
        {/* Mounted only while open, so every opening starts from `initial`. */}
        {open ? <DetailsForm initial={initial} onConfirm={onConfirm} /> : null}
      </DialogContent>
    </Dialog>
  );
}
