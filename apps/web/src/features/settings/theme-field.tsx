import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { THEME_ITEMS } from '../../components/theme-items';
import { RadioCard } from '../../components/ui/radio-card';
import { setThemeChoice } from '../../lib/theme';
import { useTheme } from '../../lib/use-theme';
import { cn } from '../../lib/utils';

/**
 * Settings' theme: System, Light or Dark, shown at once and kept on this device (ADR 0034); not
 * part of the profile form, whose Save it does not wait for.
 */
export function ThemeField() {
  const { t } = useTranslation();
  const { choice } = useTheme();
  const hintId = useId();
  return (
    <fieldset className="flex max-w-2xl flex-col gap-2" aria-describedby={hintId}>
      <legend className="text-sm font-medium text-stone-900">{t('settings.theme.legend')}</legend>
      <p id={hintId} className="text-sm text-stone-600">
        {t('settings.theme.hint')}
      </p>
      <div className="mt-1 grid grid-cols-3 gap-2 sm:max-w-md">
        {THEME_ITEMS.map(({ choice: item, icon: Icon }) => (
          <RadioCard
            key={item}
            name="theme"
            value={item}
            checked={choice === item}
            onChange={() => setThemeChoice(item)}
            className={cn(
              'flex flex-col items-center gap-1.5 rounded-2xl border-2 bg-white px-2 py-3 text-sm font-medium text-stone-800 transition-colors hover:border-brand-300',
              choice === item ? 'border-brand-600 bg-brand-50 text-brand-900' : 'border-stone-200',
            )}
          >
            <Icon aria-hidden className="size-5" />
            {t(`common.theme.${item}`)}
          </RadioCard>
        ))}
      </div>
    </fieldset>
  );
}
