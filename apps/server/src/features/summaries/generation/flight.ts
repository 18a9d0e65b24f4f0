import type { GenerationEvent } from '@summa/shared';
import type { GenerationFailure } from './generation-error.js';

/** What a generation reports while it runs: the wire's own progress, model and section events. */
export type FlightEvent = Extract<GenerationEvent, { type: 'progress' | 'model' | 'section' }>;

export type FlightOutcome = { summaryId: string } | { failure: GenerationFailure };

export type FlightListener = (event: FlightEvent) => void;

/**
 * One generation of one norm_key in this process, shared by every request that wants it. A
 * request that joins late first gets what the others already saw. When the last request
 * leaves before the end, the generation is aborted: nobody is waiting for it any more.
 */
export class Flight {
  private readonly seen: FlightEvent[] = [];
  private readonly listeners = new Set<FlightListener>();
  private readonly controller = new AbortController();
  private finished = false;
  private stoppedForShutdown = false;
  readonly outcome: Promise<FlightOutcome>;

  constructor(run: (flight: Flight) => Promise<FlightOutcome>) {
    this.outcome = run(this).finally(() => {
      this.finished = true;
    });
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Whether a new request may still join (it has not been abandoned). */
  get joinable(): boolean {
    return !this.controller.signal.aborted;
  }

  emit(event: FlightEvent): void {
    // A retry starts the sections over: late joiners must not see the abandoned ones.
    if (event.type === 'progress' && event.step === 'summarize') this.seen.length = 0;
    // A late joiner needs only the model's latest state, not every 1% of a download.
    if (event.type === 'model' && this.seen.at(-1)?.type === 'model') this.seen.pop();
    this.seen.push(event);
    for (const listener of this.listeners) listener(event);
  }

  /** Replays what happened so far, then follows; returns `leave`. */
  join(listener: FlightListener): () => void {
    for (const event of this.seen) listener(event);
    this.listeners.add(listener);
    return () => this.leave(listener);
  }

  /** Whether it was aborted because the server is shutting down (its readers are told). */
  get shuttingDown(): boolean {
    return this.stoppedForShutdown;
  }

  abort(reason: 'every request left' | 'server shutting down'): void {
    if (reason === 'server shutting down') this.stoppedForShutdown = true;
    this.controller.abort(new Error(reason));
  }

  private leave(listener: FlightListener): void {
    if (!this.listeners.delete(listener)) return;
    if (this.listeners.size === 0 && !this.finished) this.abort('every request left');
  }
}
