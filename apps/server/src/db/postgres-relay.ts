import { randomUUID } from 'node:crypto';
import pg from 'pg';
import {
  Subscribers,
  type ProgressRelay,
  type RelayHandler,
  type RelayMessage,
} from '../queue/progress-relay.js';

const CHANNEL = 'summa_progress';
/** A notification's payload must stay under 8000 bytes; a longer message goes in parts. */
const PART_BYTES = 7_000;
/** Characters per part: at most 4 bytes each in UTF-8. */
const PART_CHARS = Math.floor(PART_BYTES / 4);

/**
 * PostgreSQL LISTEN/NOTIFY: one listening connection per process, and `pg_notify` on a pooled
 * one. Whichever web instance a reader is on hears the worker's events.
 */
export class PostgresRelay implements ProgressRelay {
  private readonly subscribers = new Subscribers();
  private readonly parts = new Map<string, Map<number, string>>();
  private listener: pg.Client | undefined;
  private tail: Promise<unknown> = Promise.resolve();
  private closed = false;

  private constructor(
    private readonly url: string,
    private readonly pool: pg.Pool,
    private readonly log: { warn(o: object, m: string): void },
  ) {}

  static async open(url: string, log: { warn(o: object, m: string): void }): Promise<PostgresRelay> {
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    // An idle connection the server ended (a restart, an outage) is replaced on the next publish.
    pool.on('error', (error) => log.warn({ err: error }, 'the progress relay lost a connection'));
    const relay = new PostgresRelay(url, pool, log);
    await relay.listen();
    return relay;
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url, keepAlive: true });
    client.on('notification', (note) => {
      if (note.channel === CHANNEL && note.payload) this.receive(note.payload);
    });
    client.on('error', (error) => {
      this.log.warn({ err: error }, 'the progress relay lost its connection; listening again');
      this.relisten(client);
    });
    client.on('end', () => this.relisten(client));
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    this.listener = client;
  }

  private relisten(client: pg.Client): void {
    if (this.closed || this.listener !== client) return;
    this.listener = undefined;
    client.removeAllListeners('end');
    void client.end().catch(() => undefined);
    // The waiters also look for the stored result on their own: a gap costs latency, never a result.
    const retry = () => {
      if (this.closed) return;
      this.listen().catch(() => setTimeout(retry, 1_000).unref());
    };
    setTimeout(retry, 200).unref();
  }

  private receive(payload: string): void {
    let message: RelayMessage & { part?: { id: string; i: number; of: number; s: string } };
    try {
      message = JSON.parse(payload) as typeof message;
    } catch {
      return;
    }
    const part = message.part;
    if (part !== undefined) {
      const got = this.parts.get(part.id) ?? new Map<number, string>();
      got.set(part.i, part.s);
      this.parts.set(part.id, got);
      if (got.size < part.of) return;
      this.parts.delete(part.id);
      this.receive(Array.from({ length: part.of }, (_, i) => got.get(i) ?? '').join(''));
      return;
    }
    this.subscribers.deliver(message);
  }

  /** One notification at a time, in order: two connections could deliver them out of order. */
  publish(message: RelayMessage): Promise<void> {
    // Without the database (an outage), this process's own followers still hear it: with role
    // all the worker's failure reaches its readers at once; other instances look up the lease.
    const sent = this.tail
      .then(() => this.send(message))
      .catch((error: unknown) => {
        this.subscribers.deliver(message);
        throw error;
      });
    this.tail = sent.catch(() => undefined);
    return sent;
  }

  private async send(message: RelayMessage): Promise<void> {
    const text = JSON.stringify(message);
    if (Buffer.byteLength(text) <= PART_BYTES) {
      await this.pool.query('select pg_notify($1, $2)', [CHANNEL, text]);
      return;
    }
    const id = randomUUID();
    const of = Math.ceil(text.length / PART_CHARS);
    for (let i = 0; i < of; i += 1) {
      const s = text.slice(i * PART_CHARS, (i + 1) * PART_CHARS);
      await this.pool.query('select pg_notify($1, $2)', [
        CHANNEL,
        JSON.stringify({ key: message.key, part: { id, i, of, s } }),
      ]);
    }
  }

  subscribe(key: string, handler: RelayHandler): () => void {
    return this.subscribers.add(key, handler);
  }

  subscribeAll(handler: RelayHandler): () => void {
    return this.subscribers.add(undefined, handler);
  }

  async close(): Promise<void> {
    this.closed = true;
    const listener = this.listener;
    this.listener = undefined;
    await Promise.allSettled([listener?.end(), this.pool.end()]);
  }
}
