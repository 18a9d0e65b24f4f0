import type { Language, Summary } from '@summa/shared';
import { LANGUAGES } from '@summa/shared/languages';
import { Languages } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '../../lib/toast';
import { GenerationOverlay } from '../../components/generation/generation-overlay';
import { Button } from '../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { useTranslationRun } from './use-translation';
import { PremiumMark } from './premium-mark';

/**
 * "Read in": the summary in another of the languages (instant translation, Premium). A Premium
 * reader follows the translation in the generation overlay, then lands on the translated summary;
 * a Free reader is shown the Premium dialog (`onPremiumRequired`), as for the PDF.
 */
export function TranslateMenu({
  summary,
  premium,
  onPremiumRequired,
}: {
  summary: Summary;
  premium: boolean;
  onPremiumRequired: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const triggerRef = useRef<HTMLButtonElement>(null);
  const { state, start, cancel } = useTranslationRun({
    onDone: (summaryId) => void navigate(`/summary/${encodeURIComponent(summaryId)}`),
    onPremiumRequired,
    onFailed: (code, message) =>
      toast.error(t('summary.translate.failed'), {
        description:
          message || t(code === 'NETWORK_ERROR' ? 'common.toast.tryAgain' : 'errors.TRANSLATION_FAILED'),
      }),
  });
  const others = LANGUAGES.filter((language) => language !== summary.language);

  const choose = (language: Language) => {
    if (premium) start(summary, language);
    else onPremiumRequired();
  };

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button ref={triggerRef} variant="outline" size="sm">
            <Languages aria-hidden />
            {t('summary.translate.button')}
            {premium ? null : <PremiumMark />}
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start">
          {others.map((language) => (
            <DropdownMenuItem key={language} lang={language} onSelect={() => choose(language)}>
              {t(`common.language.${language}`)}
            </DropdownMenuItem>
          ))}
        </DropdownMenuContent>
      </DropdownMenu>
      <GenerationOverlay state={state} onCancel={cancel} returnFocusTo={triggerRef} kind="translate" />
    </>
  );
}
