import { zodResolver } from '@hookform/resolvers/zod';
import {
  REMINDER_DAYS,
  reminderSettingsSchema,
  type ReminderSettings,
  type ReminderState,
} from '@summa/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Save } from 'lucide-react';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { LoadingSkeleton } from '../../../components/loading-skeleton';
import { FormError } from '../../../components/ui/form-error';
import { inputClass, Label } from '../../../components/ui/input';
import { SubmitButton } from '../../../components/ui/submit-button';
import { FieldError, TextField } from '../../../components/ui/text-field';
import { useAuth } from '../../../lib/auth/use-auth';
import { fieldErrorText } from '../../../lib/form-errors';
import { logWarning } from '../../../lib/logger';
import { queryKeys } from '../../../lib/query-keys';
import { toast } from '../../../lib/toast';
import { cn } from '../../../lib/utils';
import { accountErrorText } from '../account/account-errors';
import { TimeZoneList } from '../settings-form';
import { SettingsSection } from '../settings-section';
import { PushOption } from './push-option';
import { remindersQuery, saveReminders } from './reminders-api';

/** The id of the section, for links to it (`/settings#reminders`). */
export const REMINDERS_SECTION_ID = 'reminders';

const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * Settings' daily reminder (issue 27): off by default; the time, the days and the time zone (the
 * browser's unless the reader picks another); and, where this browser can, a notification too.
 */
export function ReminderSection() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const reminder = useQuery({ ...remindersQuery(), enabled: Boolean(user) });

  if (!user) return null;
  let body;
  if (reminder.data) {
    body = <ReminderForm saved={reminder.data} />;
  } else if (reminder.isError) {
    body = (
      <LoadError
        title={t('settings.reminders.error.title')}
        body={t('settings.reminders.error.body')}
        retryLabel={t('settings.reminders.error.retry')}
        onRetry={() => void reminder.refetch()}
      />
    );
  } else {
    body = (
      <LoadingSkeleton testId="reminders-skeleton" className="flex animate-pulse flex-col gap-4">
        <div className="h-6 w-1/2 rounded bg-stone-200" />
        <div className="h-11 rounded-xl bg-stone-100" />
        <div className="h-11 rounded-xl bg-stone-100" />
      </LoadingSkeleton>
    );
  }
  return (
    <SettingsSection
      id={REMINDERS_SECTION_ID}
      title={t('settings.reminders.title')}
      lead={t('settings.reminders.lead')}
    >
      {body}
    </SettingsSection>
  );
}

function ReminderForm({ saved }: { saved: ReminderState }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const ids = {
    enabled: useId(),
    time: useId(),
    timeZone: useId(),
    zoneList: useId(),
    days: useId(),
    error: useId(),
  };
  const detected = browserTimeZone();
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ReminderSettings>({
    resolver: zodResolver(reminderSettingsSchema),
    defaultValues: {
      enabled: saved.enabled,
      time: saved.time,
      days: saved.days,
      timeZone: saved.timeZone ?? detected,
    },
  });
  const enabled = useWatch({ control, name: 'enabled' });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const state = await saveReminders(values);
      client.setQueryData(queryKeys.reminders, state);
      toast.success(t(state.enabled ? 'settings.reminders.saved' : 'settings.reminders.off'));
    } catch (error) {
      logWarning('the reminder could not be saved', error);
      // Said by its cause: no connection, a refusal, or the server's failure.
      setError('root', { type: 'server', message: accountErrorText(error, t) });
    }
  });

  return (
    <div className="flex flex-col gap-5 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6">
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-5">
        <label htmlFor={ids.enabled} className="flex cursor-pointer items-center gap-3 text-stone-900">
          <input
            id={ids.enabled}
            type="checkbox"
            className="size-5 accent-brand-700"
            {...register('enabled')}
          />
          <span className="font-medium">{t('settings.reminders.enabled')}</span>
        </label>

        <fieldset disabled={!enabled} className="flex flex-col gap-5 disabled:opacity-60">
          <div className="flex flex-col gap-1.5 sm:max-w-48">
            <Label htmlFor={ids.time}>{t('settings.reminders.time')}</Label>
            <input
              id={ids.time}
              type="time"
              step={60}
              className={cn(inputClass, 'read-only:bg-white read-only:text-stone-900')}
              aria-invalid={errors.time ? true : undefined}
              aria-describedby={errors.time ? `${ids.time}-error` : undefined}
              {...register('time')}
            />
            <FieldError id={`${ids.time}-error`} message={fieldErrorText(t, errors.time)} />
          </div>

          <fieldset className="flex flex-col gap-2" aria-describedby={errors.days ? ids.days : undefined}>
            <legend className="mb-1 text-sm font-medium text-stone-800">
              {t('settings.reminders.days')}
            </legend>
            <div className="grid grid-cols-7 gap-1.5 sm:flex sm:flex-wrap sm:gap-2">
              {REMINDER_DAYS.map((day) => (
                <label key={day} className="relative">
                  <input type="checkbox" value={day} className="peer sr-only" {...register('days')} />
                  <span
                    aria-hidden
                    className={cn(
                      // On a phone the seven share the row (a 44 px minimum would overlap them).
                      'flex h-11 w-full cursor-pointer items-center justify-center rounded-xl border px-1 text-sm font-medium select-none sm:w-auto sm:min-w-11 sm:px-2',
                      'border-stone-300 bg-white text-stone-700',
                      // A saturated fill carrying white text keeps the light palette (ADR 0034).
                      'peer-checked:border-brand-700 peer-checked:bg-brand-700 peer-checked:text-white peer-checked:scheme-light',
                      'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600',
                    )}
                  >
                    {t(`settings.reminders.dayNames.${day}`)}
                  </span>
                  <span className="sr-only">{t(`settings.reminders.dayLongNames.${day}`)}</span>
                </label>
              ))}
            </div>
            <FieldError
              id={ids.days}
              message={fieldErrorText(
                t,
                errors.days?.root ??
                  (errors.days?.message ? { type: 'custom', message: errors.days.message } : undefined),
              )}
            />
          </fieldset>

          <div className="sm:max-w-md">
            <TextField
              id={ids.timeZone}
              label={t('settings.reminders.timeZone')}
              hint={t('settings.reminders.timeZoneHint', { zone: detected })}
              error={fieldErrorText(t, errors.timeZone)}
              list={ids.zoneList}
              autoComplete="off"
              spellCheck={false}
              {...register('timeZone')}
            />
            <TimeZoneList id={ids.zoneList} />
          </div>
        </fieldset>

        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <SubmitButton busy={isSubmitting} icon={<Save aria-hidden />}>
            {isSubmitting ? t('settings.reminders.saving') : t('settings.reminders.save')}
          </SubmitButton>
          <FormError id={ids.error} message={errors.root?.message ?? null} />
        </div>
      </form>
      <PushOption onChanged={() => void client.invalidateQueries({ queryKey: queryKeys.reminders })} />
    </div>
  );
}
