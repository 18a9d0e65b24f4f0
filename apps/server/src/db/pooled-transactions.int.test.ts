import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database, type DatabaseHandle } from './database.js';
import { preparedPerDatabase } from './prepared.js';
import { createTestDatabase, type TestDatabase } from '../test/test-app.js';

/**
 * A relay between the app's connections and PostgreSQL that counts the client's flights: the
 * times it writes after the server last answered. Each flight is a round trip the app waited on.
 */
async function startRelay(target: URL) {
  let flights = 0;
  let cutOnNextFlight = false;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    let lastFromClient = false;
    sockets.add(client).add(upstream);
    client.on('data', (chunk) => {
      if (!lastFromClient) {
        flights += 1;
        if (cutOnNextFlight) {
          cutOnNextFlight = false;
          client.destroy();
          upstream.destroy();
          return;
        }
      }
      lastFromClient = true;
      upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      lastFromClient = false;
      client.write(chunk);
    });
    for (const socket of [client, upstream]) {
      socket.on('error', () => undefined);
      socket.on('close', () => {
        client.destroy();
        upstream.destroy();
      });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as net.AddressInfo).port);
  return {
    url: url.toString(),
    flights: () => flights,
    /** Ends the connection, unanswered, on the client's next flight. */
    cutNextFlight: () => (cutOnNextFlight = true),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** The rows of a raw statement's answer (node-postgres' result, typed unknown by the shared Database type). */
const rowsOf = (result: unknown): unknown[] => (result as { rows: unknown[] }).rows;

/**
 * Transactions on a pool of one PostgreSQL connection: BEGIN goes out with the first statement
 * (ADR 0044), and a prepared statement is built once per connection (ADR 0045).
 */
describe.runIf(process.env.TEST_DATABASE_URL)('transactions on a pooled PostgreSQL connection', () => {
  let target: TestDatabase;
  let relay: Awaited<ReturnType<typeof startRelay>>;
  let database: DatabaseHandle;
  // Closed in reverse order, however far the setup got.
  const closers: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    target = await createTestDatabase('postgres');
    closers.push(() => target.close());
    relay = await startRelay(new URL(target.url ?? ''));
    closers.push(() => relay.close());
    database = await openDatabase({ kind: 'postgres', url: relay.url, poolSize: 1 });
    closers.push(() => database.close());
    await database.db.execute(sql`create table begin_ahead (id int primary key)`);
    await database.db.execute(sql`create table prepared_notes (note text primary key)`);
  }, 30_000);

  afterAll(async () => {
    for (const close of closers.reverse()) await close();
  });

  it('waits two round trips for a transaction of one statement, not three', async () => {
    const before = relay.flights();
    const answer = await database.db.transaction(async (tx) => tx.execute(sql`select 41 + 1 as answer`));
    expect(rowsOf(answer)).toEqual([{ answer: 42 }]);
    // BEGIN with the select, then COMMIT.
    expect(relay.flights() - before).toBe(2);
  });

  it('still rolls back everything when the work fails, and the connection serves the next one', async () => {
    const failed = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into begin_ahead values (1)`);
      await tx.execute(sql`insert into begin_ahead values (1)`);
    });
    await expect(failed).rejects.toThrow();
    const stored = await database.db.execute(sql`select count(*)::int as stored from begin_ahead`);
    expect(rowsOf(stored)).toEqual([{ stored: 0 }]);
  });

  it('stores nothing when the connection is lost with BEGIN on the wire, and recovers', async () => {
    relay.cutNextFlight();
    const lost = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into begin_ahead values (2)`);
    });
    await expect(lost).rejects.toThrow();
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into begin_ahead values (3)`);
    });
    const stored = await database.db.execute(sql`select id from begin_ahead order by id`);
    expect(rowsOf(stored)).toEqual([{ id: 3 }]);
    expect(database.poolStats().waiting).toBe(0);
  });

  it("builds once for the transactions of one connection, and runs on the transaction's own", async () => {
    const build = vi.fn((db: Database) =>
      db
        .select({ notes: sql<number>`count(*)::int` })
        .from(sql`prepared_notes`)
        .where(sql`note like ${sql.placeholder('prefix')}`)
        .prepare('prepared_notes_count'),
    );
    const countNotes = preparedPerDatabase(build);
    const seen: number[] = [];
    for (const note of ['a1', 'a2']) {
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into prepared_notes values (${note})`);
        // Uncommitted: only the transaction's own connection sees it.
        const [row] = await countNotes(tx).execute({ prefix: 'a%' });
        seen.push(row?.notes ?? -1);
      });
    }
    expect(seen).toEqual([1, 2]);
    expect(build).toHaveBeenCalledTimes(1);
    // Outside a transaction the pool is a database of its own.
    const [row] = await countNotes(database.db).execute({ prefix: 'a%' });
    expect(row?.notes).toBe(2);
    expect(build).toHaveBeenCalledTimes(2);
  });
});
