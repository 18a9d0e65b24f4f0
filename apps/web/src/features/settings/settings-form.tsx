import { zodResolver } from '@hookform/resolvers/zod';
import {
  DAILY_GOALS,
  NICKNAME_MAX_LENGTH,
  NICKNAME_MIN_LENGTH,
  type DailyGoal,
  type Profile,
  type ProfileUpdate,
} from '@summa/shared';
import { LANGUAGES, type Language } from '@summa/shared/languages';
import { Save } from 'lucide-react';
import { memo, useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast';
import { FormError } from '../../components/ui/form-error';
import { BusyButton } from '../../components/ui/busy-button';
import { inputClass, Label } from '../../components/ui/input';
import { TextField } from '../../components/ui/text-field';
import { ApiError } from '../../lib/api-client';
import { fieldErrorText, serverFieldError } from '../../lib/form-errors';
import { updateProfile, uploadAvatar } from '../../lib/gamification-api';
import { currentLanguage, setLanguage } from '../../lib/i18n';
import { logWarning } from '../../lib/logger';
import { cn } from '../../lib/utils';
import { AvatarField, type AvatarChoice } from './avatar-field';
import {
  avatarProblemOf,
  errorText,
  settingsFormSchema,
  timeZones,
  type AvatarProblem,
} from './settings-rules';

/** The ~400 suggestions of the time zone field, rendered once rather than on every keystroke. */
export const TimeZoneList = memo(function TimeZoneList({ id }: { id: string }) {
  return (
    <datalist id={id}>
      {timeZones().map((zone) => (
        <option key={zone} value={zone} />
      ))}
    </datalist>
  );
});

interface SettingsValues {
  nickname: string;
  language: Language;
  timeZone: string;
  dailyGoal: DailyGoal;
}

/** The server refused the request itself (its content), as opposed to a failure to get it there. */
function isRefusal(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    ![401, 408, 429].includes(error.status)
  );
}

/** Only what differs from the saved profile is sent. */
function changes(profile: Profile, values: SettingsValues, avatar: AvatarChoice): ProfileUpdate {
  const update: ProfileUpdate = {};
  const nickname = values.nickname.trim();
  if (nickname !== (profile.nickname ?? '')) update.nickname = nickname || null;
  if (avatar.kind === 'preset' && avatar.preset !== profile.avatarPreset) {
    update.avatarPreset = avatar.preset;
  }
  if (values.language !== profile.preferredLanguage) update.preferredLanguage = values.language;
  if (values.timeZone !== (profile.timeZone ?? '')) update.timeZone = values.timeZone;
  if (values.dailyGoal !== profile.dailyGoal) update.dailyGoal = values.dailyGoal;
  return update;
}

/**
 * Avatar, nickname, interface language and time zone, saved together: an uploaded image first
 * (its own request), then the other changes. Saving a language also switches the interface to it.
 */
export function SettingsForm({
  profile,
  onSaved,
}: {
  profile: Profile;
  onSaved: (profile: Profile) => void;
}) {
  const { t, i18n } = useTranslation();
  const ids = {
    nickname: useId(),
    language: useId(),
    timeZone: useId(),
    zoneList: useId(),
    dailyGoal: useId(),
    goalHint: useId(),
    error: useId(),
  };
  const [avatar, setAvatar] = useState<AvatarChoice>({ kind: 'saved' });
  const [avatarError, setAvatarError] = useState<AvatarProblem | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting, isSubmitSuccessful, submitCount },
  } = useForm<SettingsValues>({
    resolver: zodResolver(settingsFormSchema(profile.nickname)),
    // A field says what is wrong once it is left, then as it changes.
    mode: 'onTouched',
    defaultValues: {
      nickname: profile.nickname ?? '',
      // What is shown: the interface's language (the account's since sign-in, or the header's
      // choice, which is saved to the account too), so that saving keeps it.
      language: currentLanguage(),
      timeZone: profile.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
      dailyGoal: profile.dailyGoal,
    },
  });
  // The header's switcher changes the language while the form is open: the field follows it.
  const shown = i18n.language;
  useEffect(() => {
    setValue('language', currentLanguage());
  }, [shown, setValue]);
  const limits = { min: NICKNAME_MIN_LENGTH, max: NICKNAME_MAX_LENGTH };
  // The last save was refused here, for fields that are still wrong.
  const refused = submitCount > 0 && !isSubmitSuccessful && Object.keys(errors).length > 0;

  const save = async (values: SettingsValues) => {
    let saved = profile;
    let chosen = avatar;
    let avatarRefused = false;
    setAvatarError(null);
    try {
      if (chosen.kind === 'upload') {
        try {
          saved = (await uploadAvatar(chosen.file)).profile;
          chosen = { kind: 'saved' };
          setAvatar(chosen);
          onSaved(saved);
        } catch (error) {
          logWarning('avatar upload refused', error);
          setAvatarError(avatarProblemOf(error));
          avatarRefused = true;
          // A file the server refused is dropped (its message stays), so that it does not block
          // every later save; one that could not be sent (offline, a server error) is tried again.
          if (isRefusal(error)) {
            chosen = { kind: 'saved' };
            setAvatar(chosen);
          }
        }
      }
      // The other fields save whatever became of the image.
      const update = changes(saved, values, chosen);
      if (Object.keys(update).length === 0 && avatarRefused) return;
      if (Object.keys(update).length > 0) saved = (await updateProfile(update)).profile;
      onSaved(saved);
      if (chosen.kind === 'preset') setAvatar({ kind: 'saved' });
      // As the language switcher does: the interface follows the language just chosen.
      if (update.preferredLanguage) setLanguage(saved.preferredLanguage);
      // After a language change the thanks come in the new language.
      toast.success(i18n.t('settings.saved'));
    } catch (error) {
      const refusal = serverFieldError(error, { NICKNAME_TAKEN: 'nickname' });
      if (refusal) {
        setError(refusal.field, { type: refusal.code }, { shouldFocus: true });
        return;
      }
      logWarning('settings could not be saved', error);
      toast.error(errorText(error, t), { description: t('common.toast.tryAgain') });
    }
  };

  return (
    <form
      onSubmit={(event) => void handleSubmit(save)(event)}
      noValidate
      className="flex max-w-2xl flex-col gap-8"
    >
      <AvatarField
        savedPreset={profile.avatarPreset}
        savedUrl={profile.avatarUrl}
        choice={avatar}
        error={avatarError}
        disabled={isSubmitting}
        onChoose={setAvatar}
        onError={setAvatarError}
      />

      <TextField
        id={ids.nickname}
        label={t('settings.nickname.label')}
        hint={t('settings.nickname.hint', limits)}
        error={fieldErrorText(t, errors.nickname)}
        autoComplete="nickname"
        spellCheck={false}
        {...register('nickname')}
        disabled={isSubmitting}
      />

      <div className="flex flex-col gap-1.5">
        <Label htmlFor={ids.language}>{t('settings.language.label')}</Label>
        <select
          id={ids.language}
          {...register('language')}
          disabled={isSubmitting}
          // A select counts as :read-only, which inputClass greys out.
          className={cn(inputClass, 'read-only:bg-white read-only:text-stone-900')}
        >
          {LANGUAGES.map((option) => (
            <option key={option} value={option} lang={option}>
              {t(`common.language.${option}`)}
            </option>
          ))}
        </select>
      </div>

      <div>
        <TextField
          id={ids.timeZone}
          label={t('settings.timeZone.label')}
          hint={t('settings.timeZone.hint')}
          error={fieldErrorText(t, errors.timeZone)}
          list={ids.zoneList}
          autoComplete="off"
          spellCheck={false}
          {...register('timeZone')}
          disabled={isSubmitting}
        />
        <TimeZoneList id={ids.zoneList} />
      </div>

      <div className="flex flex-col gap-1.5" id="daily-goal">
        <Label htmlFor={ids.dailyGoal}>{t('settings.dailyGoal.label')}</Label>
        <select
          id={ids.dailyGoal}
          aria-describedby={ids.goalHint}
          {...register('dailyGoal')}
          disabled={isSubmitting}
          className={cn(inputClass, 'read-only:bg-white read-only:text-stone-900')}
        >
          {DAILY_GOALS.map((goal) => (
            <option key={goal} value={goal}>
              {t(`settings.dailyGoal.${goal}`)}
            </option>
          ))}
        </select>
        <p id={ids.goalHint} className="text-sm text-stone-600">
          {t('settings.dailyGoal.hint')}
        </p>
      </div>

      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <BusyButton
          type="submit"
          disabled={isSubmitting}
          busy={isSubmitting}
          icon={<Save aria-hidden />}
          className="w-full sm:w-auto"
        >
          {isSubmitting ? t('settings.saving') : t('settings.save')}
        </BusyButton>
        <FormError id={ids.error} message={refused ? t('settings.fixErrors') : null} />
      </div>
    </form>
  );
}
