import DataLoader from 'dataloader';

/** The most keys one batched read asks for at once. */
const MAX_BATCH = 500;

/**
 * Reads of one row by key, gathered into one query per turn of the event loop: every key asked
 * for while the loop handles its ready sockets is read together once they are handled. For the
 * small reads that many requests make at once (a session's check, a reader's standing), where
 * one query each left requests queued behind the pool under load (bench:ranking). Nothing is
 * cached here; a failed read fails every caller of its batch.
 */
export function batchedReads<Row>(
  readMany: (keys: readonly string[]) => Promise<ReadonlyMap<string, Row>>,
): (key: string) => Promise<Row | undefined> {
  const loader = new DataLoader<string, Row | undefined>(
    async (keys) => {
      const found = await readMany(keys);
      return keys.map((key) => found.get(key));
    },
    { cache: false, maxBatchSize: MAX_BATCH, batchScheduleFn: (dispatch) => setImmediate(dispatch) },
  );
  return (key) => loader.load(key);
}
