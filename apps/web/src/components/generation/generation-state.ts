import type { GenerateSummaryRequest, GenerationEvent } from '@summa/shared';

export type RunningStep = 'resolve' | 'summarize' | 'polish' | 'done';

/** The server is still getting its model ready (a first run downloads it): the work waits. */
export type ModelWait = Omit<Extract<GenerationEvent, { type: 'model' }>, 'type'>;

/**
 * A generation's (or a translation's) progress as the overlay shows it. `request` names the book
 * (a translation names the summary's book and the target language).
 */
export type GenerationState =
  | { phase: 'idle' }
  | {
      phase: 'running';
      request: GenerateSummaryRequest;
      step: RunningStep;
      percent: number;
      /** Sections in the order they arrived, as the model wrote them. */
      sections: Array<{ key: GenerationSectionKey; value: unknown }>;
      /** Set while the server waits for its model; any step's progress ends the wait. */
      model?: ModelWait | undefined;
    }
  | { phase: 'failed'; request: GenerateSummaryRequest; code: string; message: string };

type GenerationSectionKey = Extract<GenerationEvent, { type: 'section' }>['key'];

/** The events a running generation or translation reports before it ends. */
export type ProgressEvent = Extract<GenerationEvent, { type: 'progress' | 'model' | 'section' }>;

/** The state after a progress, model or section event (both streams send the same ones). */
export function withProgress(previous: GenerationState, event: ProgressEvent): GenerationState {
  if (previous.phase !== 'running') return previous;
  if (event.type === 'progress') {
    return {
      ...previous,
      step: event.step,
      percent: event.percent,
      model: undefined,
      // A second 'summarize' is a retry: what was shown is void.
      sections: event.step === 'summarize' ? [] : previous.sections,
    };
  }
  if (event.type === 'model') {
    const { type: _type, ...model } = event;
    return { ...previous, model };
  }
  return { ...previous, sections: [...previous.sections, { key: event.key, value: event.value }] };
}
