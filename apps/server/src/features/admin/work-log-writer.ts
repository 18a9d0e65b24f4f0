import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.js';
import type { WorkLogEntry } from '../../ports/work-log.js';
import { insertWorkLog } from './admin.repository.js';

/** How long a line waits for others to share its insert. */
const GATHER_MS = 50;

/**
 * The usage log's writer: lines are gathered for a moment and written in one insert, off the
 * request that noted them, so a generation or a narration answers without waiting for its lines.
 * A line that cannot be written is logged and lost (the WorkLog port's contract).
 */
export class WorkLogWriter {
  private pending: WorkLogEntry[] = [];
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  add(entry: WorkLogEntry): void {
    this.pending.push(entry);
    // Unreferenced: the app flushes on close; a timer alone must not keep a process alive.
    this.timer ??= setTimeout(() => void this.flush(), GATHER_MS).unref();
  }

  /** Writes every line noted so far; resolves once they are in (or logged as lost). */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const lines = this.pending;
    this.pending = [];
    if (lines.length > 0) this.writing = this.writing.then(() => this.write(lines));
    return this.writing;
  }

  private async write(lines: WorkLogEntry[]): Promise<void> {
    try {
      await insertWorkLog(this.db, lines);
    } catch {
      // One bad line (its reader deleted meanwhile) must not lose the others: each on its own.
      for (const line of lines) {
        await insertWorkLog(this.db, [line]).catch((error: unknown) => {
          this.log.warn({ err: error, kind: line.kind }, 'could not write a line of the usage log');
        });
      }
    }
  }
}
