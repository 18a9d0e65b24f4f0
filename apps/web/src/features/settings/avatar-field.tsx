import { AVATAR_MAX_BYTES, AVATAR_PRESETS, type AvatarPreset } from '@summa/shared';
import { CircleAlert, Upload } from 'lucide-react';
import { useId, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ReaderAvatar } from '../../components/gamification/reader-avatar';
import { buttonVariants } from '../../components/ui/button';
import { RadioCard } from '../../components/ui/radio-card';
import { cn } from '../../lib/utils';
import { AVATAR_TYPES, avatarFileProblem, avatarProblemText, type AvatarProblem } from './settings-rules';

/** The avatar as chosen on this form: as saved, a preset, or a file to upload. */
export type AvatarChoice =
  | { kind: 'saved' }
  | { kind: 'preset'; preset: AvatarPreset }
  | { kind: 'upload'; file: File; preview: string };

export function presetUrl(preset: AvatarPreset): string {
  return `/avatars/${preset}.svg`;
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('unreadable'));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(file);
  });
}

/**
 * The twelve presets as a radio group (arrow keys move between them), an upload checked for type
 * and size before anything is sent, and a preview of what will be saved.
 */
export function AvatarField({
  savedPreset,
  savedUrl,
  choice,
  error,
  disabled,
  onChoose,
  onError,
}: {
  savedPreset: AvatarPreset | null;
  savedUrl: string | null;
  choice: AvatarChoice;
  error: AvatarProblem | null;
  disabled: boolean;
  onChoose: (choice: AvatarChoice) => void;
  onError: (problem: AvatarProblem | null) => void;
}) {
  const { t } = useTranslation();
  const fileId = useId();
  const hintId = useId();
  const errorId = useId();
  const checked = choice.kind === 'preset' ? choice.preset : choice.kind === 'saved' ? savedPreset : null;
  const preview =
    choice.kind === 'upload'
      ? choice.preview
      : choice.kind === 'preset'
        ? presetUrl(choice.preset)
        : savedUrl;
  const max = AVATAR_MAX_BYTES / (1024 * 1024);

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file can be chosen again after a refusal.
    event.target.value = '';
    if (!file) return;
    const problem = avatarFileProblem(file);
    if (problem) {
      onError(problem);
      return;
    }
    try {
      onChoose({ kind: 'upload', file, preview: await readAsDataUrl(file) });
      onError(null);
    } catch {
      onError('badType');
    }
  };

  return (
    <fieldset className="flex flex-col gap-4" disabled={disabled}>
      <legend className="text-base font-semibold text-stone-900">{t('settings.avatar.legend')}</legend>
      <div className="flex items-center gap-4">
        <figure className="flex flex-col items-center gap-1">
          <ReaderAvatar url={preview} className="size-20" />
          <figcaption className="sr-only">{t('settings.avatar.preview')}</figcaption>
        </figure>
        <div className="flex min-w-0 flex-col gap-2">
          <label
            htmlFor={fileId}
            className={cn(
              buttonVariants({ variant: 'outline', size: 'sm' }),
              'cursor-pointer self-start has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
            )}
          >
            <Upload aria-hidden />
            {t('settings.avatar.upload')}
            <input
              id={fileId}
              type="file"
              accept={AVATAR_TYPES.join(',')}
              className="sr-only"
              aria-describedby={error ? `${hintId} ${errorId}` : hintId}
              aria-invalid={error ? true : undefined}
              onChange={(event) => void pick(event)}
            />
          </label>
          <p id={hintId} className="text-xs text-stone-600">
            {choice.kind === 'upload'
              ? t('settings.avatar.uploadChosen', { name: choice.file.name })
              : t('settings.avatar.uploadHint', { max })}
          </p>
        </div>
      </div>
      {error ? (
        <p id={errorId} role="alert" className="flex items-start gap-2 text-sm text-red-700">
          <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
          {avatarProblemText(error, t)}
        </p>
      ) : null}
      <div
        role="radiogroup"
        aria-label={t('settings.avatar.presets')}
        className="grid grid-cols-4 gap-2 sm:grid-cols-6"
      >
        {AVATAR_PRESETS.map((preset) => (
          <RadioCard
            key={preset}
            name="avatar-preset"
            value={preset}
            checked={checked === preset}
            onChange={() => {
              onChoose({ kind: 'preset', preset });
              onError(null);
            }}
            className={cn(
              'flex items-center justify-center rounded-2xl border-2 bg-white p-1.5 transition-colors hover:border-brand-200',
              checked === preset ? 'border-brand-600 bg-brand-50' : 'border-stone-200',
            )}
          >
            <img
              src={presetUrl(preset)}
              alt={t(`settings.avatar.animals.${preset}`)}
              className="aspect-square w-full max-w-16 rounded-full"
              width={64}
              height={64}
            />
          </RadioCard>
        ))}
      </div>
    </fieldset>
  );
}
