import { FREE_PLAN_LIMITS, type Language } from '@summa/shared';
import { LoaderCircle, Play } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { LimitDialog } from '../../../components/limit-dialog';
import { Button } from '../../../components/ui/button';
import { NarrationControls, NarrationFrame } from '../../../components/audio/narration-controls';
import { useAwardXp } from '../../../lib/progress/use-award-xp';
import { useListeningReports } from './use-listening-reports';
import { useNarration, type Narration } from './use-narration';

export interface AudioPlayerProps {
  summaryId: string;
  language: Language;
  title: string;
  author: string;
  coverUrl: string | null;
  /** Whether the reader's plan limits audios (Free): the Listen button says what it costs. */
  limited: boolean;
}

/** The summary's narration: a Listen button until it exists, then a player of its parts. */
export function AudioPlayer(props: AudioPlayerProps) {
  const { t } = useTranslation();
  const [limitOpen, setLimitOpen] = useState(false);
  const award = useAwardXp();
  const { narration, request, refresh } = useNarration(props.summaryId, props.language, {
    onLimit() {
      setLimitOpen(true);
      toast.error(t('audio.limit.toast'));
    },
    onFailure(code) {
      const description =
        code === 'AUDIO_FAILED' ? t('audio.error.body') : t(`errors.${code}`, t('audio.error.body'));
      toast.error(t('audio.error.title'), { description });
    },
    onMade() {
      void award('audio_generated', props.summaryId);
    },
  });

  return (
    <NarrationFrame>
      <NarrationBody narration={narration} request={request} refresh={refresh} player={props} />
      <LimitDialog open={limitOpen} onOpenChange={setLimitOpen} kind="audio" />
    </NarrationFrame>
  );
}

function NarrationBody({
  narration,
  request,
  refresh,
  player,
}: {
  narration: Narration;
  request: () => Promise<void>;
  refresh: () => void;
  player: AudioPlayerProps;
}) {
  const { t } = useTranslation();
  const listening = useListeningReports(player.summaryId);
  if (narration.status === 'loading') {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-stone-600">
        <LoaderCircle aria-hidden className="size-4 animate-spin" />
        {t('audio.loading')}
      </p>
    );
  }
  if (narration.status === 'none' || narration.status === 'error') {
    return (
      <div className="flex flex-col gap-2">
        {narration.status === 'error' && narration.errorCode !== 'AUDIO_LIMIT_REACHED' ? (
          <p role="alert" className="text-sm text-red-700">
            <span className="font-semibold">{t('audio.error.title')}. </span>
            {t('audio.error.body')}
          </p>
        ) : null}
        <Button className="self-start" onClick={() => void request()}>
          <Play aria-hidden />
          {narration.status === 'error' ? t('audio.error.retry') : t('audio.listen')}
        </Button>
        {player.limited ? (
          <p className="text-xs text-stone-600">
            {t('audio.cost', { limit: FREE_PLAN_LIMITS.audiosPerMonth })}
          </p>
        ) : null}
      </div>
    );
  }
  return (
    <NarrationControls
      parts={narration.parts}
      totalParts={narration.totalParts}
      preparing={narration.status === 'preparing'}
      onRefresh={refresh}
      subject={player}
      onPlayingChange={listening}
    />
  );
}
