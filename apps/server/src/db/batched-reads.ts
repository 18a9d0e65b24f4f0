import DataLoader from 'dataloader';

/** The most keys one batched read asks for at once. */
const MAX_BATCH = 500;

export interface BatchedReadsOptions {
  /**
   * How many reads may be in flight at once (default: any number). Past it, the keys asked for
   * meanwhile gather into one read, sent when a read in flight is answered: on a connection of
   * its own, reads queued one per turn would be answered one per turn, so a burst of keys (more
   * turns with keys than answers) made a backlog that every later key waited behind.
   */
  inFlight?: number;
}

/**
 * Reads of one row by key, gathered into one query per turn of the event loop: every key asked
 * for while the loop handles its ready sockets is read together once they are handled. For the
 * small reads that many requests make at once (a session's check, a reader's standing), where
 * one query each left requests queued behind the pool under load (bench:ranking). Nothing is
 * cached here; a failed read fails every caller of its batch.
 */
export function batchedReads<Row>(
  readMany: (keys: readonly string[]) => Promise<ReadonlyMap<string, Row>>,
  { inFlight = Infinity }: BatchedReadsOptions = {},
): (key: string) => Promise<Row | undefined> {
  let reading = 0;
  /** Batches gathered while `inFlight` reads were in flight, in the order they were made. */
  const waiting: (() => void)[] = [];
  const loader = new DataLoader<string, Row | undefined>(
    async (keys) => {
      reading += 1;
      try {
        const found = await readMany(keys);
        return keys.map((key) => found.get(key));
      } finally {
        reading -= 1;
        waiting.shift()?.();
      }
    },
    {
      cache: false,
      maxBatchSize: MAX_BATCH,
      // DataLoader adds the keys asked for to the batch until its dispatch runs.
      batchScheduleFn: (dispatch) =>
        setImmediate(() => (reading < inFlight ? dispatch() : waiting.push(dispatch))),
    },
  );
  return (key) => loader.load(key);
}
