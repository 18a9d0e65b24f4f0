import { describe, expect, it } from 'vitest';
import { summaryJobSchema, type SummaryJob } from './summary-job.js';

/** A job as the worker gets it: through JSON, as pg-boss stores it. */
const throughJson = (job: object): unknown => JSON.parse(JSON.stringify(job));

describe('a summary job as the worker checks it', () => {
  it("accepts a catalogue book whose original title is null, and keeps the writer's keys", () => {
    const book = {
      title: 'Atomic Habits',
      author: 'James Clear',
      language: 'en',
      bookId: 'b1',
      category: 'habits',
      originalTitle: null,
      year: 2018,
      kind: 'nonfiction',
    };
    expect(summaryJobSchema.parse(throughJson({ kind: 'generate', book }))).toEqual({
      kind: 'generate',
      book: { ...book, originalTitle: undefined },
    });
  });

  it('gives back the unknown kind of a book outside the catalogue, which JSON dropped', () => {
    const job: SummaryJob = {
      kind: 'generate',
      book: { title: 'X', author: 'Y', language: 'pt', bookId: null, category: null, kind: undefined },
    };
    const parsed = summaryJobSchema.parse(throughJson(job));
    expect(parsed).toEqual(job);
    expect('kind' in parsed.book).toBe(true);
  });

  it('refuses a job of another shape', () => {
    expect(summaryJobSchema.safeParse({ kind: 'generate', book: { title: 'X' } }).success).toBe(false);
    expect(summaryJobSchema.safeParse({ kind: 'narrate' }).success).toBe(false);
  });
});
