import { NICKNAME_MAX_LENGTH, NICKNAME_MIN_LENGTH, type Profile, type ProfileUpdate } from '@summa/shared';
import { isLanguage, LANGUAGES, type Language } from '@summa/shared/languages';
import { CircleAlert, LoaderCircle, Save } from 'lucide-react';
import { memo, useId, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { Input, inputClass, Label } from '../../components/ui/input';
import { ApiError } from '../../lib/api-client';
import { updateProfile, uploadAvatar } from '../../lib/gamification-api';
import { setLanguage } from '../../lib/i18n';
import { logWarning } from '../../lib/logger';
import { cn } from '../../lib/utils';
import { AvatarField, type AvatarChoice } from './avatar-field';
import { avatarErrorText, errorText, isTimeZone, nicknameProblem, timeZones } from './settings-rules';

function FieldError({ id, message }: { id: string; message: string | null }) {
  if (!message) return null;
  return (
    <p id={id} className="flex items-start gap-1.5 text-sm text-red-700">
      <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
      {message}
    </p>
  );
}

/** The ~400 suggestions of the time zone field, rendered once rather than on every keystroke. */
const TimeZoneList = memo(function TimeZoneList({ id }: { id: string }) {
  return (
    <datalist id={id}>
      {timeZones().map((zone) => (
        <option key={zone} value={zone} />
      ))}
    </datalist>
  );
});

/** Only what differs from the saved profile is sent. */
function changes(
  profile: Profile,
  values: { nickname: string; avatar: AvatarChoice; language: Language; timeZone: string },
): ProfileUpdate {
  const update: ProfileUpdate = {};
  const nickname = values.nickname.trim();
  if (nickname !== (profile.nickname ?? '')) update.nickname = nickname || null;
  if (values.avatar.kind === 'preset' && values.avatar.preset !== profile.avatarPreset) {
    update.avatarPreset = values.avatar.preset;
  }
  if (values.language !== profile.preferredLanguage) update.preferredLanguage = values.language;
  if (values.timeZone !== (profile.timeZone ?? '')) update.timeZone = values.timeZone;
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
  const ids = { nickname: useId(), nicknameHint: useId(), nicknameError: useId(), language: useId() };
  const zoneIds = { input: useId(), list: useId(), hint: useId(), error: useId() };
  const [avatar, setAvatar] = useState<AvatarChoice>({ kind: 'saved' });
  const [avatarError, setAvatarError] = useState<string | null>(null);
  const [nickname, setNickname] = useState(profile.nickname ?? '');
  const [language, setLanguageChoice] = useState<Language>(profile.preferredLanguage);
  const [timeZone, setTimeZone] = useState(
    () => profile.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
  );
  const [touched, setTouched] = useState({ nickname: false, timeZone: false });
  const [takenNickname, setTakenNickname] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const limits = { min: NICKNAME_MIN_LENGTH, max: NICKNAME_MAX_LENGTH };
  // A nickname saved before the current rules is kept until its owner changes it.
  const problem = nickname.trim() === (profile.nickname ?? '') ? null : nicknameProblem(nickname);
  const nicknameTaken = takenNickname !== null && nickname.trim().toLowerCase() === takenNickname;
  let nicknameMessage: string | null = null;
  if (nicknameTaken) nicknameMessage = t('errors.NICKNAME_TAKEN');
  else if (problem && touched.nickname) nicknameMessage = t(`settings.nickname.${problem}`, limits);
  const zoneValid = isTimeZone(timeZone);
  const zoneMessage = !zoneValid && touched.timeZone ? t('settings.timeZone.invalid') : null;
  const blocked = problem !== null || !zoneValid || nicknameTaken;

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    if (blocked) {
      setTouched({ nickname: true, timeZone: true });
      return;
    }
    setPending(true);
    let saved = profile;
    try {
      if (avatar.kind === 'upload') {
        try {
          saved = (await uploadAvatar(avatar.file)).profile;
        } catch (error) {
          logWarning('avatar upload refused', error);
          setAvatarError(avatarErrorText(error, t));
          return;
        }
        setAvatar({ kind: 'saved' });
        onSaved(saved);
      }
      const update = changes(saved, { nickname, avatar, language, timeZone });
      if (Object.keys(update).length > 0) saved = (await updateProfile(update)).profile;
      onSaved(saved);
      setAvatar({ kind: 'saved' });
      // As the language switcher does: the interface follows the language just chosen.
      if (update.preferredLanguage) setLanguage(saved.preferredLanguage);
      // After a language change the thanks come in the new language.
      toast.success(i18n.t('settings.saved'));
    } catch (error) {
      if (error instanceof ApiError && error.code === 'NICKNAME_TAKEN') {
        setTakenNickname(nickname.trim().toLowerCase());
        return;
      }
      logWarning('settings could not be saved', error);
      toast.error(errorText(error, t), { description: t('common.toast.tryAgain') });
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex max-w-2xl flex-col gap-8">
      <AvatarField
        savedPreset={profile.avatarPreset}
        savedUrl={profile.avatarUrl}
        choice={avatar}
        error={avatarError}
        disabled={pending}
        onChoose={setAvatar}
        onError={setAvatarError}
      />

      <div className="flex flex-col gap-1.5">
        <Label htmlFor={ids.nickname}>{t('settings.nickname.label')}</Label>
        <Input
          id={ids.nickname}
          value={nickname}
          autoComplete="nickname"
          spellCheck={false}
          disabled={pending}
          aria-invalid={nicknameMessage ? true : undefined}
          aria-describedby={nicknameMessage ? `${ids.nicknameHint} ${ids.nicknameError}` : ids.nicknameHint}
          onChange={(event) => setNickname(event.target.value)}
          onBlur={() => setTouched((current) => ({ ...current, nickname: true }))}
        />
        <p id={ids.nicknameHint} className="text-xs text-stone-600">
          {t('settings.nickname.hint', limits)}
        </p>
        <FieldError id={ids.nicknameError} message={nicknameMessage} />
      </div>

      <div className="flex flex-col gap-1.5">
        <Label htmlFor={ids.language}>{t('settings.language.label')}</Label>
        <select
          id={ids.language}
          value={language}
          disabled={pending}
          onChange={(event) => {
            if (isLanguage(event.target.value)) setLanguageChoice(event.target.value);
          }}
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

      <div className="flex flex-col gap-1.5">
        <Label htmlFor={zoneIds.input}>{t('settings.timeZone.label')}</Label>
        <Input
          id={zoneIds.input}
          list={zoneIds.list}
          value={timeZone}
          autoComplete="off"
          spellCheck={false}
          disabled={pending}
          aria-invalid={zoneMessage ? true : undefined}
          aria-describedby={zoneMessage ? `${zoneIds.hint} ${zoneIds.error}` : zoneIds.hint}
          onChange={(event) => setTimeZone(event.target.value)}
          onBlur={() => setTouched((current) => ({ ...current, timeZone: true }))}
        />
        <TimeZoneList id={zoneIds.list} />
        <p id={zoneIds.hint} className="text-xs text-stone-600">
          {t('settings.timeZone.hint')}
        </p>
        <FieldError id={zoneIds.error} message={zoneMessage} />
      </div>

      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <Button type="submit" disabled={pending} className="w-full sm:w-auto">
          {pending ? <LoaderCircle aria-hidden className="animate-spin" /> : <Save aria-hidden />}
          {pending ? t('settings.saving') : t('settings.save')}
        </Button>
        {blocked && touched.nickname && touched.timeZone ? (
          <p role="alert" className="text-sm text-red-700">
            {t('settings.fixErrors')}
          </p>
        ) : null}
      </div>
    </form>
  );
}
