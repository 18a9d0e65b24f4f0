import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, workLog } from '../../db/schema/index.js';
import { createTestDatabase, TEST_DATABASES, type TestDatabase } from '../../test/test-app.js';
import { WorkLogWriter } from './work-log-writer.js';

describe.each(TEST_DATABASES)('the usage log writer on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.close());

  async function readerRow(): Promise<string> {
    const [row] = await database.db
      .insert(users)
      .values({ email: `${randomUUID()}@summa.test`, fullName: 'Usage Reader' })
      .returning({ id: users.id });
    if (!row) throw new Error('no reader');
    return row.id;
  }

  const linesOf = (ids: string[]) =>
    database.db
      .select({ userId: workLog.userId, outcome: workLog.outcome })
      .from(workLog)
      .where(inArray(workLog.userId, ids));

  it('writes the lines noted before a flush, and none before it', async () => {
    const writer = new WorkLogWriter(database.db, pino({ level: 'silent' }));
    const [first, second] = [await readerRow(), await readerRow()];
    writer.add({ kind: 'summary', outcome: 'made', userId: first });
    writer.add({ kind: 'audio', outcome: 'cached', userId: second });
    expect(await linesOf([first, second])).toEqual([]);
    await writer.flush();
    const lines = await linesOf([first, second]);
    expect(lines.map((line) => line.outcome).sort()).toEqual(['cached', 'made']);
  });

  it('writes the gathered lines on its own within a moment', async () => {
    const writer = new WorkLogWriter(database.db, pino({ level: 'silent' }));
    const reader = await readerRow();
    writer.add({ kind: 'summary', outcome: 'cached', userId: reader });
    await expect.poll(async () => (await linesOf([reader])).length).toBe(1);
  });

  it('keeps the other lines when one cannot be written (its reader is gone)', async () => {
    const writer = new WorkLogWriter(database.db, pino({ level: 'silent' }));
    const reader = await readerRow();
    writer.add({ kind: 'summary', outcome: 'made', userId: randomUUID() });
    writer.add({ kind: 'summary', outcome: 'failed', cause: 'GENERATION_FAILED', userId: reader });
    await writer.flush();
    expect(await linesOf([reader])).toEqual([{ userId: reader, outcome: 'failed' }]);
  });
});
