export type FlightOutcome<R, F> = { value: R } | { failure: F };

export type FlightListener<E> = (event: E) => void;

export interface FlightOptions<E> {
  /** An event that starts the work over (a retry): late joiners must not see what came before it. */
  restartsAt?: (event: E) => boolean;
  /** Whether `event` makes `previous` stale (a newer progress of the same thing): late joiners get only the latest. */
  replaces?: (event: E, previous: E) => boolean;
}

/**
 * One piece of work (a generation, a synthesis) in this process, shared by every request that
 * wants it. A request that joins late first gets the events the others already saw. When the
 * last request leaves before the end, the work is aborted: nobody is waiting for it any more.
 */
export class Flight<E, R, F> {
  private readonly seen: E[] = [];
  private readonly listeners = new Set<FlightListener<E>>();
  private readonly controller = new AbortController();
  private finished = false;
  private stoppedForShutdown = false;
  readonly outcome: Promise<FlightOutcome<R, F>>;

  constructor(
    run: (flight: Flight<E, R, F>) => Promise<FlightOutcome<R, F>>,
    private readonly options: FlightOptions<E> = {},
  ) {
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

  emit(event: E): void {
    if (this.options.restartsAt?.(event)) this.seen.length = 0;
    const previous = this.seen.at(-1);
    if (previous !== undefined && this.options.replaces?.(event, previous)) this.seen.pop();
    this.seen.push(event);
    for (const listener of this.listeners) listener(event);
  }

  /** Replays what happened so far, then follows; returns `leave`. */
  join(listener: FlightListener<E>): () => void {
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

  private leave(listener: FlightListener<E>): void {
    if (!this.listeners.delete(listener)) return;
    if (this.listeners.size === 0 && !this.finished) this.abort('every request left');
  }
}

/** Resolves as `failure` once `signal` aborts (this request left; the flight may go on). */
export function leftFlight<F>(signal: AbortSignal, failure: () => F): Promise<{ failure: F }> {
  return new Promise((resolve) => {
    const leave = () => resolve({ failure: failure() });
    if (signal.aborted) leave();
    signal.addEventListener('abort', leave, { once: true });
  });
}

/** Shutdown: `flights` may finish within `graceMs`, then the rest are stopped (their readers are told it failed). */
export async function closeFlights<E, R, F>(
  flights: Iterable<Flight<E, R, F>>,
  graceMs: number,
): Promise<void> {
  const running = [...flights];
  const finished = Promise.allSettled(running.map((flight) => flight.outcome));
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([finished, new Promise((resolve) => (timer = setTimeout(resolve, graceMs)))]);
  clearTimeout(timer);
  for (const flight of running) flight.abort('server shutting down');
  await finished;
}
