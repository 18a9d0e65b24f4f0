import { zodResolver } from '@hookform/resolvers/zod';
import {
  CONTACT_HONEYPOT_FIELD,
  CONTACT_MESSAGE_MAX_LENGTH,
  CONTACT_NAME_MAX_LENGTH,
  contactRequestSchema,
  type ContactRequest,
  type MistakeKey,
} from '@summa/shared';
import { CircleCheck, Send } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { FormError, useFormErrorFocus } from '../../components/ui/form-error';
import { Label } from '../../components/ui/input';
import { SubmitButton } from '../../components/ui/submit-button';
import { TextAreaField, TextField } from '../../components/ui/text-field';
import { ApiError } from '../../lib/api-client';
import { useAuth } from '../../lib/auth/use-auth';
import { fieldErrorText } from '../../lib/form-errors';
import { logWarning } from '../../lib/logger';
import { sendContactMessage } from './contact-api';

const resolver = zodResolver(contactRequestSchema);

type Field = 'name' | 'email' | 'message';
const FIELDS: readonly Field[] = ['name', 'email', 'message'];

/** The refusals that mean "this field is empty": the form says them once, as the spec words it. */
const MISSING: ReadonlySet<string> = new Set<MistakeKey>([
  'contact.validation.required',
  'auth.validation.emailRequired',
]);

function missingFields(errors: FieldErrors<ContactRequest>): Field[] {
  return FIELDS.filter((field) => MISSING.has(errors[field]?.message ?? ''));
}

/**
 * The contact form (spec §2, §5, §8): name, e-mail and message, all required ('Please fill in
 * all fields.', said once for every empty field), checked with the contract the server checks.
 * A signed-in reader's name and e-mail are filled in. A hidden field that people never see (the
 * honeypot) catches bots. When sending fails the form says so and keeps what was typed; once
 * sent, it says where the answer will go.
 */
export function ContactForm() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const ids = {
    name: useId(),
    email: useId(),
    message: useId(),
    honeypot: useId(),
    error: useId(),
    sent: useId(),
  };
  const { ref: errorRef, focus: focusError } = useFormErrorFocus();
  const sentRef = useRef<HTMLDivElement>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    control,
    register,
    handleSubmit,
    getValues,
    setValue,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ContactRequest>({
    resolver,
    defaultValues: { name: '', email: '', message: '', [CONTACT_HONEYPOT_FIELD]: '' },
  });
  const message = useWatch({ control, name: 'message' });

  // The reader's own name and address, once the session is known, unless already typed.
  useEffect(() => {
    if (!user) return;
    if (!getValues('name')) setValue('name', user.full_name);
    if (!getValues('email')) setValue('email', user.email);
  }, [user, getValues, setValue]);

  useEffect(() => {
    if (sentTo) sentRef.current?.focus();
  }, [sentTo]);

  const missing = missingFields(errors);
  const formError = missing.length > 0 ? t('contact.validation.required') : failure;
  const fieldProps = (field: Field) =>
    missing.includes(field)
      ? { invalid: true, errorId: ids.error }
      : { error: fieldErrorText(t, errors[field]) };

  const send = async (values: ContactRequest) => {
    setFailure(null);
    try {
      await sendContactMessage(values);
      setSentTo(values.email);
      reset({ ...values, message: '', [CONTACT_HONEYPOT_FIELD]: '' });
    } catch (error) {
      logWarning('the contact message could not be sent', error);
      // Too many messages: the server says when to try again; anything else is the spec's text.
      setFailure(
        error instanceof ApiError && error.code === 'RATE_LIMITED' && error.message
          ? error.message
          : t('contact.error'),
      );
      focusError();
    }
  };

  if (sentTo) {
    return (
      <div
        ref={sentRef}
        id={ids.sent}
        role="status"
        tabIndex={-1}
        className="flex max-w-2xl flex-col gap-4 rounded-2xl border border-emerald-200 bg-emerald-50 p-6 focus:outline-none"
      >
        <div className="flex gap-3">
          <CircleCheck aria-hidden className="mt-0.5 size-6 shrink-0 text-emerald-700" />
          <div className="flex min-w-0 flex-col gap-1">
            <h2 className="text-lg font-semibold text-emerald-900">{t('contact.sent.title')}</h2>
            <p className="break-words text-emerald-900">{t('contact.sent.body', { email: sentTo })}</p>
          </div>
        </div>
        <Button type="button" variant="outline" className="self-start" onClick={() => setSentTo(null)}>
          {t('contact.sent.again')}
        </Button>
      </div>
    );
  }

  return (
    <form
      noValidate
      aria-label={t('contact.form.label')}
      onSubmit={(event) => {
        if (isSubmitting) event.preventDefault();
        else void handleSubmit(send, () => setFailure(null))(event);
      }}
      className="relative flex max-w-2xl flex-col gap-4"
    >
      <TextField
        id={ids.name}
        label={t('contact.form.name')}
        autoComplete="name"
        maxLength={CONTACT_NAME_MAX_LENGTH}
        readOnly={isSubmitting}
        required
        {...fieldProps('name')}
        {...register('name')}
      />
      <TextField
        id={ids.email}
        type="email"
        label={t('contact.form.email')}
        hint={t('contact.form.emailHint')}
        autoComplete="email"
        spellCheck={false}
        readOnly={isSubmitting}
        required
        {...fieldProps('email')}
        {...register('email')}
      />
      <TextAreaField
        id={ids.message}
        label={t('contact.form.message')}
        rows={6}
        maxLength={CONTACT_MESSAGE_MAX_LENGTH}
        counter={t('contact.form.counter', { used: message.length, max: CONTACT_MESSAGE_MAX_LENGTH })}
        readOnly={isSubmitting}
        required
        {...fieldProps('message')}
        {...register('message')}
      />
      {/* The honeypot: off screen and out of the tab order, so only a bot fills it in. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <Label htmlFor={ids.honeypot}>{t('contact.form.honeypot')}</Label>
        <input
          id={ids.honeypot}
          type="text"
          tabIndex={-1}
          autoComplete="off"
          {...register(CONTACT_HONEYPOT_FIELD)}
        />
      </div>
      <FormError id={ids.error} ref={errorRef} message={formError} />
      <p className="text-sm text-stone-600">
        {t('contact.form.privacy')}{' '}
        <Link to="/privacy" className="font-medium text-brand-700 underline underline-offset-2">
          {t('pages.privacy.title')}
        </Link>
      </p>
      <SubmitButton busy={isSubmitting} icon={<Send aria-hidden />}>
        {isSubmitting ? t('contact.form.sending') : t('contact.form.submit')}
      </SubmitButton>
    </form>
  );
}
