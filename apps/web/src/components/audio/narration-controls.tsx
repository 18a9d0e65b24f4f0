import type { AudioPart } from '@summa/shared';
import {
  Headphones,
  LoaderCircle,
  Pause,
  Play,
  RotateCcw,
  RotateCw,
  SkipBack,
  SkipForward,
} from 'lucide-react';
import { useEffect, useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/utils';
import { CardSection } from '../card-section';
import { Button } from '../ui/button';
import { InlineSelect } from '../ui/inline-select';
import { formatClock } from './playback-position';
import { SPEEDS, usePlayback, type PlaybackSubject } from './use-playback';

/** One of the player's step buttons (previous part, back, forward, next part): an outlined icon. */
function TransportButton({
  label,
  disabled,
  onClick,
  children,
}: {
  label: string;
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Button size="icon" variant="outline" aria-label={label} disabled={disabled} onClick={onClick}>
      {children}
    </Button>
  );
}

/** The narration's card: its heading and lead, then what the screen puts in it (a button, the controls). */
export function NarrationFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <CardSection icon={Headphones} title={t('audio.heading')} lead={t('audio.lead')} testId="audio-player">
      {children}
    </CardSection>
  );
}

export interface NarrationControlsProps {
  /** The parts stored so far, in order (all of them once the narration is ready). */
  parts: AudioPart[];
  /** How many parts the narration has; null until known (then the stored ones are all). */
  totalParts: number | null;
  /** Still being made: playing starts on the first part as soon as it is stored. */
  preparing: boolean;
  /** Fetch fresh signed addresses (after a playback failure). */
  onRefresh: () => void;
  subject: Omit<PlaybackSubject, 'appName'>;
  /** Told each time playing starts or stops (the reader's listening toward the daily goal). */
  onPlayingChange?: ((playing: boolean) => void) | undefined;
}

/**
 * A narration's player: play and pause, skips, speed, seeking and the list of parts. It needs
 * only the parts' signed addresses, so a screen without a session (the demo) can use it too.
 */
export function NarrationControls({
  parts,
  totalParts,
  preparing,
  onRefresh,
  subject,
  onPlayingChange,
}: NarrationControlsProps) {
  const { t } = useTranslation();
  const seekId = useId();
  const [attachAudio, playback] = usePlayback(
    parts,
    { ...subject, appName: t('common.appName') },
    { autoplay: preparing, totalParts },
  );
  useEffect(() => onPlayingChange?.(playback.playing), [onPlayingChange, playback.playing]);
  const total = totalParts ?? parts.length;
  const current = playback.current ?? 1;
  const later = parts.filter((part) => part.part > current);
  const secondsLeft =
    Math.max(0, playback.duration - playback.time) +
    later.reduce((sum, part) => sum + part.durationMs / 1000, 0);
  const nextMissing = preparing && (playback.waiting || !playback.part);

  return (
    <div className="flex flex-col gap-4">
      {/* No captions track: the narration reads the text that is on this page. */}
      <audio ref={attachAudio} preload="metadata" className="hidden" {...playback.events} />
      {playback.resumed ? <p className="text-xs text-stone-600">{t('audio.resumed')}</p> : null}
      {nextMissing ? (
        <p role="status" className="flex items-center gap-2 text-sm text-stone-700">
          <LoaderCircle aria-hidden className="size-4 animate-spin" />
          {totalParts ? t('audio.preparingPart', { part: current, total: totalParts }) : t('audio.preparing')}
        </p>
      ) : null}
      {playback.failed ? (
        <p role="alert" className="flex flex-wrap items-center gap-2 text-sm text-red-700">
          {t('audio.error.playback')}
          <Button size="sm" variant="outline" onClick={onRefresh}>
            {t('audio.error.retry')}
          </Button>
        </p>
      ) : null}

      <div className="flex flex-wrap items-center gap-2">
        <TransportButton
          label={t('audio.previous')}
          disabled={current <= 1}
          onClick={() => playback.goTo(current - 1, { play: playback.playing })}
        >
          <SkipBack aria-hidden />
        </TransportButton>
        <TransportButton label={t('audio.back')} disabled={!playback.part} onClick={() => playback.skip(-1)}>
          <RotateCcw aria-hidden />
        </TransportButton>
        <Button
          size="icon"
          className="size-12 rounded-full"
          aria-label={playback.playing ? t('audio.pause') : t('audio.play')}
          disabled={!playback.part}
          onClick={playback.playing ? playback.pause : playback.play}
        >
          {playback.playing ? <Pause aria-hidden /> : <Play aria-hidden />}
        </Button>
        <TransportButton
          label={t('audio.forward')}
          disabled={!playback.part}
          onClick={() => playback.skip(1)}
        >
          <RotateCw aria-hidden />
        </TransportButton>
        <TransportButton
          label={t('audio.next')}
          disabled={current >= total}
          onClick={() => playback.goTo(current + 1, { play: playback.playing })}
        >
          <SkipForward aria-hidden />
        </TransportButton>
        <InlineSelect
          className="ml-auto"
          label={t('audio.speed')}
          value={playback.speed}
          options={SPEEDS}
          optionLabel={(speed) => t('audio.speedValue', { speed })}
          onChange={playback.setSpeed}
        />
      </div>

      <div className="flex flex-col gap-1">
        <label htmlFor={seekId} className="sr-only">
          {t('audio.seek')}
        </label>
        <input
          id={seekId}
          type="range"
          min={0}
          max={Math.max(playback.duration, 0.1)}
          step={1}
          value={Math.min(playback.time, playback.duration || 0)}
          disabled={!playback.part}
          aria-valuetext={`${formatClock(playback.time)} / ${formatClock(playback.duration)}`}
          onChange={(event) => playback.seek(Number(event.target.value))}
          className="w-full accent-brand-600"
        />
        <div className="flex justify-between text-xs text-stone-600 tabular-nums">
          <span>
            {formatClock(playback.time)} · {t('audio.partOf', { part: current, total })}
          </span>
          <span>{t('audio.timeLeft', { time: formatClock(secondsLeft) })}</span>
        </div>
      </div>

      <div>
        <h3 className="text-sm font-semibold text-stone-900">{t('audio.parts')}</h3>
        <ol className="mt-2 flex flex-wrap gap-2">
          {Array.from({ length: total }, (_, index) => index + 1).map((number) => {
            const stored = parts.find((part) => part.part === number);
            const isCurrent = number === current;
            return (
              <li key={number}>
                <button
                  type="button"
                  aria-current={isCurrent ? 'true' : undefined}
                  disabled={!stored}
                  onClick={() => playback.goTo(number, { play: true })}
                  className={cn(
                    'inline-flex h-9 items-center gap-1.5 rounded-lg border px-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-wait disabled:opacity-60',
                    isCurrent
                      ? 'border-brand-600 bg-brand-50 text-brand-800'
                      : 'border-stone-300 bg-white text-stone-800 hover:bg-stone-100',
                  )}
                >
                  {t('audio.part', { part: number })}
                  {stored ? (
                    <span className="text-xs text-stone-600 tabular-nums">
                      {formatClock(stored.durationMs / 1000)}
                    </span>
                  ) : (
                    <LoaderCircle aria-hidden className="size-3.5 animate-spin" />
                  )}
                  <span className="sr-only">
                    {isCurrent ? `, ${t('audio.current')}` : !stored ? `, ${t('audio.pending')}` : ''}
                  </span>
                </button>
              </li>
            );
          })}
        </ol>
      </div>
    </div>
  );
}
