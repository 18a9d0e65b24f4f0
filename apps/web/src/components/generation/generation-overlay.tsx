import { AlertTriangle, Check, Loader2, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/utils';
import { Button } from '../ui/button';
import { ProgressBar } from '../ui/progress-bar';
import { useReturnFocus } from '../ui/return-focus';
import type { GenerationState, RunningStep } from './generation-state';
import { ModelWaitPanel } from './model-wait';

/** Spec §4: the fun messages of a step rotate every 2.5 s. */
export const FUN_MESSAGE_INTERVAL_MS = 2_500;

/**
 * The steps the server streams (GENERATION_STEPS), with the spec's percentages. The spec's wider
 * process also names 'prepare audio': left out on purpose, as no narration is made during a
 * generation (it is made on the summary page, when asked for): see
 * docs/decisions/0024-no-prepare-audio-step-in-the-generation-overlay.md.
 */
export const STEPS: readonly RunningStep[] = ['resolve', 'summarize', 'polish', 'done'];
const STEP_PERCENTS: Record<RunningStep, number> = { resolve: 25, summarize: 50, polish: 75, done: 100 };

/** What the overlay follows: a generation, or a translation (its own title, steps and fun messages). */
export type OverlayKind = 'generate' | 'translate';
const TEXTS = { generate: 'generate.overlay', translate: 'generate.translateOverlay' } as const;

/** Each step's fun messages, under `<texts>.fun.<step>` (a generation's and a translation's alike). */
const funMessages = (texts: (typeof TEXTS)[OverlayKind]) =>
  ({
    resolve: [`${texts}.fun.resolve.a`, `${texts}.fun.resolve.b`, `${texts}.fun.resolve.c`],
    summarize: [
      `${texts}.fun.summarize.a`,
      `${texts}.fun.summarize.b`,
      `${texts}.fun.summarize.c`,
      `${texts}.fun.summarize.d`,
    ],
    polish: [`${texts}.fun.polish.a`, `${texts}.fun.polish.b`, `${texts}.fun.polish.c`],
    done: [`${texts}.fun.done.a`],
  }) as const;

function useRotatingIndex(length: number, resetKey: string): number {
  const [tick, setTick] = useState({ key: resetKey, index: 0 });
  useEffect(() => {
    const timer = window.setInterval(
      () =>
        setTick((previous) => ({ key: resetKey, index: previous.key === resetKey ? previous.index + 1 : 1 })),
      FUN_MESSAGE_INTERVAL_MS,
    );
    return () => window.clearInterval(timer);
  }, [resetKey]);
  return tick.key === resetKey ? tick.index % length : 0;
}

function previewItem(item: unknown): string {
  if (typeof item !== 'object' || item === null) return String(item);
  return Object.values(item as Record<string, unknown>)
    .map((part) => (Array.isArray(part) ? part.join(', ') : String(part)))
    .join(' — ');
}

/** A short plain-text rendering of a streamed section for the live preview. */
function previewText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) {
    const items: unknown[] = value;
    return items.map(previewItem).join(' · ');
  }
  return '';
}

type OpenState = Exclude<GenerationState, { phase: 'idle' }>;

interface OverlayProps {
  state: GenerationState;
  onCancel: () => void;
  /** Where focus goes after the overlay when what opened it is gone (the Generate button). */
  returnFocusTo?: RefObject<HTMLElement | null>;
  kind?: OverlayKind;
}

/**
 * Full-screen progress of a generation (spec §2, §4): steps, fun messages, first sections, cancel.
 * A modal dialog: focus stays inside, the page behind is inert, Escape cancels wherever focus is,
 * and on close focus goes back to what started the generation.
 */
export function GenerationOverlay({ state, onCancel, returnFocusTo, kind = 'generate' }: OverlayProps) {
  // Mounted afresh for every generation, so each one starts at its first fun message.
  return state.phase === 'idle' ? null : (
    <OpenOverlay state={state} onCancel={onCancel} returnFocusTo={returnFocusTo} kind={kind} />
  );
}

function OpenOverlay({
  state,
  onCancel,
  returnFocusTo,
  kind = 'generate',
}: OverlayProps & { state: OpenState }) {
  const { t } = useTranslation();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useReturnFocus(returnFocusTo);
  const step: RunningStep = state.phase === 'running' ? state.step : 'resolve';
  const texts = TEXTS[kind];
  const fun = funMessages(texts)[step];
  const funIndex = useRotatingIndex(fun.length, step);
  // Once done the summary exists and is paid for: there is nothing left to cancel.
  const cancellable = state.phase === 'running' && state.step !== 'done';

  const percent = state.phase === 'running' ? state.percent : 0;
  const funMessage = fun[funIndex] ?? fun[0];
  const book = state.request;

  return (
    <Dialog.Root open>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-stone-950/80 backdrop-blur-sm scheme-light" />
        <Dialog.Content
          aria-labelledby="generation-title"
          aria-modal="true"
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col gap-5 overflow-y-auto rounded-2xl bg-white p-6 shadow-2xl outline-none"
          onOpenAutoFocus={(event) => {
            returnFocus.onOpenAutoFocus();
            event.preventDefault();
            cancelRef.current?.focus();
          }}
          onCloseAutoFocus={(event) => returnFocus.onCloseAutoFocus(event)}
          onEscapeKeyDown={(event) => {
            event.preventDefault();
            if (cancellable) onCancel();
          }}
          // A click beside the card does nothing: only Cancel stops a generation.
          onInteractOutside={(event) => event.preventDefault()}
        >
          <div className="flex flex-col gap-1">
            <Dialog.Title id="generation-title" className="text-xl font-semibold text-stone-900">
              {state.phase === 'failed' ? t('generate.overlay.errorTitle') : t(`${texts}.title`)}
            </Dialog.Title>
            <Dialog.Description className="text-sm text-stone-600">
              {t('generate.overlay.book', { title: book.bookTitle, author: book.bookAuthor })}
            </Dialog.Description>
          </div>

          {state.phase === 'failed' ? (
            <p role="alert" className="flex items-start gap-2 rounded-lg bg-red-50 p-3 text-sm text-red-800">
              <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
              <span data-testid="generation-error">{state.message || t('errors.GENERATION_FAILED')}</span>
            </p>
          ) : (
            <>
              <ProgressBar
                value={percent}
                label={t('generate.overlay.progress')}
                fillClassName="bg-amber-500 duration-500"
              />
              <ol className="flex flex-col gap-2" aria-live="polite">
                {STEPS.map((candidate) => {
                  const reached = STEP_PERCENTS[candidate] <= percent;
                  const current = candidate === step;
                  return (
                    <li
                      key={candidate}
                      data-step={candidate}
                      aria-current={current ? 'step' : undefined}
                      className={cn(
                        'flex items-center gap-3 text-sm',
                        // Pending steps stay readable (4.5:1), only lighter than the reached ones.
                        reached ? 'text-stone-900' : 'text-stone-500',
                      )}
                    >
                      <span
                        className={cn(
                          'flex size-6 items-center justify-center rounded-full border',
                          reached ? 'border-amber-500 bg-amber-50' : 'border-stone-300',
                        )}
                      >
                        {current && candidate !== 'done' ? (
                          <Loader2 aria-hidden className="size-3.5 animate-spin text-amber-600" />
                        ) : reached ? (
                          <Check aria-hidden className="size-3.5 text-amber-600" />
                        ) : null}
                      </span>
                      <span className="flex-1">{t(`${texts}.steps.${candidate}`)}</span>
                      <span className="tabular-nums text-stone-500">{STEP_PERCENTS[candidate]}%</span>
                    </li>
                  );
                })}
              </ol>
              {state.model ? (
                <ModelWaitPanel model={state.model} />
              ) : (
                <p className="min-h-5 text-sm text-stone-600 italic" data-testid="fun-message">
                  {t(funMessage)}
                </p>
              )}
              {state.sections.length > 0 ? (
                <section
                  aria-label={t('generate.overlay.preview')}
                  className="flex flex-col gap-3 border-t border-stone-200 pt-4"
                >
                  {state.sections.slice(0, 3).map(({ key, value }) => (
                    <div key={key} data-section={key} className="flex flex-col gap-1">
                      <h3 className="text-xs font-semibold tracking-wide text-stone-500 uppercase">
                        {t(`generate.sections.${key}`)}
                      </h3>
                      <p className="line-clamp-3 text-sm text-stone-800">{previewText(value)}</p>
                    </div>
                  ))}
                </section>
              ) : null}
            </>
          )}

          {cancellable ? (
            <Button ref={cancelRef} type="button" variant="outline" onClick={onCancel} className="self-end">
              <X aria-hidden />
              {t('generate.overlay.cancel')}
            </Button>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
