/** A message about one key's work, from the worker doing it to the web instances following it. */
export type RelayMessage = { key: string } & Record<string, unknown>;

export type RelayHandler = (message: RelayMessage) => void;

/**
 * Carries a job's progress between processes (ADR 0031): the worker publishes each event of the
 * work it runs, and every web instance with a reader on that work hears it. Also carries the other
 * way what the web side asks of a running job (to stop, or to replay what a late joiner missed).
 */
export interface ProgressRelay {
  publish(message: RelayMessage): Promise<void>;
  /** Hears every message of `key` from now on; the returned function stops it. */
  subscribe(key: string, handler: RelayHandler): () => void;
  /** Hears every message (the worker side, which serves any key). */
  subscribeAll(handler: RelayHandler): () => void;
  close(): Promise<void>;
}

/** Routes each message to the handlers of its key and to those of every key. */
export class Subscribers {
  private readonly byKey = new Map<string, Set<RelayHandler>>();
  private readonly all = new Set<RelayHandler>();

  add(key: string | undefined, handler: RelayHandler): () => void {
    if (key === undefined) {
      this.all.add(handler);
      return () => this.all.delete(handler);
    }
    let set = this.byKey.get(key);
    if (!set) this.byKey.set(key, (set = new Set()));
    set.add(handler);
    return () => {
      set.delete(handler);
      if (set.size === 0 && this.byKey.get(key) === set) this.byKey.delete(key);
    };
  }

  deliver(message: RelayMessage): void {
    for (const handler of this.byKey.get(message.key) ?? []) handler(message);
    for (const handler of this.all) handler(message);
  }
}

/** One process (the embedded database, SUMMA_ROLE=all): the same interface, no database round trip. */
export class InProcessRelay implements ProgressRelay {
  private readonly subscribers = new Subscribers();

  publish(message: RelayMessage): Promise<void> {
    // Delivered on a later turn, as a notification would be: a publisher never re-enters itself.
    queueMicrotask(() => this.subscribers.deliver(message));
    return Promise.resolve();
  }

  subscribe(key: string, handler: RelayHandler): () => void {
    return this.subscribers.add(key, handler);
  }

  subscribeAll(handler: RelayHandler): () => void {
    return this.subscribers.add(undefined, handler);
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
