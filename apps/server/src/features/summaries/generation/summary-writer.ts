import { z } from 'zod';
import {
  FICTION_SECTIONS,
  fictionSectionsSchema,
  NON_FICTION_SECTIONS,
  nonFictionSectionsSchema,
  STEP_PERCENT,
  text,
  type BookKind,
  type Category,
  type GenerationEvent,
  type Language,
  type SummaryContent,
  type SummarySectionKey,
} from '@summa/shared';
import { LlmError, type LlmProvider } from '../../../providers/llm/llm-provider.js';
import { asGenerationFailure, GenerationCancelled, GenerationError } from './generation-error.js';
import { isRetryable, MalformedOutputError, streamModelCall } from './model-call.js';
import { plainTextDeep } from './plain-text.js';
import { identifyPrompt, summarizePrompt } from './prompts/index.js';
import { SectionStream } from './section-stream.js';

/** What the resolve step settled about the book to summarise. */
export interface ResolvedBook {
  title: string;
  author: string;
  language: Language;
  bookId: string | null;
  category: Category | null;
  originalTitle?: string | undefined;
  year?: number | null | undefined;
  /** Known for catalogue books; otherwise the model is asked whether it knows the book. */
  kind: BookKind | undefined;
}

const identifySchema = z.object({
  known: z.boolean(),
  kind: z.enum(['nonfiction', 'fiction']),
  originalTitle: text().max(300),
  author: text().max(200),
  year: z.number().int().nullable(),
});

const JSON_SCHEMAS = {
  identify: z.toJSONSchema(identifySchema),
  nonfiction: z.toJSONSchema(nonFictionSectionsSchema),
  fiction: z.toJSONSchema(fictionSectionsSchema),
};

export interface WriterOptions {
  provider: LlmProvider;
  idleTimeoutMs: number;
  log: { warn(object: object, message: string): void };
}

/**
 * Where the writer reports progress, in the wire's own events: `summarize` starts (again, after a
 * retry: sections shown so far are void), each section as soon as it is complete, `polish` starts.
 */
/** What a generation reports while it runs: the wire's own progress, model and section events. */
export type WriterEvent = Extract<GenerationEvent, { type: 'progress' | 'model' | 'section' }>;

export type WriterEvents = (event: WriterEvent) => void;

/** Each kind's sections, in the order the model writes them. */
export const SECTION_KEYS: Record<BookKind, readonly SummarySectionKey[]> = {
  nonfiction: NON_FICTION_SECTIONS,
  fiction: FICTION_SECTIONS,
};

/** Runs `attempt` and, when it fails in a way another try may fix, once more. */
async function withOneRetry<T>(what: string, options: WriterOptions, attempt: () => Promise<T>): Promise<T> {
  try {
    return await attempt();
  } catch (error) {
    if (!isRetryable(error)) throw error;
    options.log.warn({ err: error }, `${what}: retrying once`);
    return attempt();
  }
}

export function toGenerationFailure(error: unknown): GenerationError | GenerationCancelled {
  if (error instanceof LlmError) {
    if (error.failure === 'aborted') return new GenerationCancelled({ cause: error });
    if (error.failure === 'unavailable') return new GenerationError('MODEL_UNAVAILABLE', { cause: error });
    // The set-up is broken (the model could not be downloaded or loaded): an admin must act.
    if (error.failure === 'setup') return new GenerationError('SUMMARIES_UNAVAILABLE', { cause: error });
  }
  return asGenerationFailure(error);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new MalformedOutputError('the model did not answer with JSON', { cause: error });
  }
}

async function identify(book: ResolvedBook, options: WriterOptions, signal: AbortSignal) {
  return withOneRetry('identify', options, async () => {
    const text = await streamModelCall(
      options.provider,
      {
        ...identifyPrompt(book.language, book),
        jsonSchema: JSON_SCHEMAS.identify,
        maxOutputTokens: 300,
        temperature: 0,
      },
      { signal, idleTimeoutMs: options.idleTimeoutMs },
    );
    const parsed = identifySchema.safeParse(parseJson(text));
    if (!parsed.success) throw new MalformedOutputError('the identification does not match its schema');
    return parsed.data;
  });
}

/**
 * Waits until the model can answer (a first run may still be downloading it), telling the
 * readers how far it got, then that the resolve step goes on; the model calls' idle time-out
 * starts only after this.
 */
async function waitForModel(provider: LlmProvider, events: WriterEvents, signal: AbortSignal): Promise<void> {
  // A download reports many times a second: readers hear of each whole percent once.
  const wait = { told: false, last: '' };
  await provider.whenReady?.(signal, (status) => {
    if (status.state !== 'downloading' && status.state !== 'loading') return;
    const step = `${status.state} ${Math.floor((status.downloadProgress ?? 0) * 100)}`;
    if (step === wait.last) return;
    wait.last = step;
    wait.told = true;
    events({
      type: 'model',
      state: status.state,
      ...(status.downloadProgress === undefined ? {} : { progress: status.downloadProgress }),
      ...(status.downloadedBytes === undefined ? {} : { downloadedBytes: status.downloadedBytes }),
      ...(status.totalBytes === undefined ? {} : { totalBytes: status.totalBytes }),
    });
  });
  if (wait.told) events({ type: 'progress', step: 'resolve', percent: STEP_PERCENT.resolve });
}

/**
 * Writes a summary: waits for the model, identifies the book when the catalogue does not know it, then streams the
 * sections (each handed to `events.section` as soon as it is complete), then validates the
 * whole. Throws `GenerationError` or `GenerationCancelled`; nothing it returns is unvalidated.
 */
export function writeSummary(
  book: ResolvedBook,
  options: WriterOptions,
  events: WriterEvents,
  signal: AbortSignal,
): Promise<SummaryContent> {
  return writeWhenModelReady(options, events, signal, toGenerationFailure, async () => {
    let kind = book.kind;
    let facts: ResolvedBook = book;
    if (kind === undefined) {
      const identified = await identify(book, options, signal);
      if (!identified.known) throw new GenerationError('BOOK_NOT_IDENTIFIED');
      kind = identified.kind;
      facts = { ...book, originalTitle: identified.originalTitle || undefined, year: identified.year };
    }
    return { kind, request: { ...summarizePrompt(book.language, kind, facts), temperature: 0.4 } };
  });
}

/** What the summarize step is asked to write, and how its sections are checked besides the schema. */
export interface SectionsJob {
  kind: BookKind;
  request: SectionsPrompt;
  check?: (sections: object) => string | undefined;
}

/**
 * The steps a generation and a translation share: waits for the model, writes the sections of
 * the job `prepare` makes, then reports the polish step. Any error leaves as `toFailure` makes it.
 */
export async function writeWhenModelReady(
  options: WriterOptions,
  events: WriterEvents,
  signal: AbortSignal,
  toFailure: (error: unknown) => Error,
  prepare: () => Promise<SectionsJob>,
): Promise<SummaryContent> {
  try {
    await waitForModel(options.provider, events, signal);
    const job = await prepare();
    const content = await writeSections(job.kind, job.request, options, events, signal, job.check);
    events({ type: 'progress', step: 'polish', percent: STEP_PERCENT.polish });
    return content;
  } catch (error) {
    throw toFailure(error);
  }
}

/** A prompt that asks for a summary's sections as JSON. */
export interface SectionsPrompt {
  system: string;
  prompt: string;
  temperature: number;
}

/**
 * The summarize step, shared by generation and translation: streams the sections of a `kind`
 * summary (each handed to `events` as soon as it is complete; a retry starts them over with a
 * new `summarize` progress), then parses and validates the whole against the summary schema and
 * `check`. Throws the model's errors or a `MalformedOutputError` as they are.
 */
async function writeSections(
  kind: BookKind,
  request: SectionsPrompt,
  options: WriterOptions,
  events: WriterEvents,
  signal: AbortSignal,
  check: (sections: object) => string | undefined = () => undefined,
): Promise<SummaryContent> {
  const schema = kind === 'fiction' ? fictionSectionsSchema : nonFictionSectionsSchema;
  return withOneRetry('summarize', options, async () => {
    events({ type: 'progress', step: 'summarize', percent: STEP_PERCENT.summarize });
    const stream = new SectionStream((key, value) => {
      const sectionKey = SECTION_KEYS[kind].find((known) => known === key);
      if (sectionKey) events({ type: 'section', key: sectionKey, value: plainTextDeep(value) });
    });
    const text = await streamModelCall(
      options.provider,
      { ...request, jsonSchema: JSON_SCHEMAS[kind], maxOutputTokens: 4096 },
      { signal, idleTimeoutMs: options.idleTimeoutMs, onChunk: (chunk) => stream.push(chunk) },
    );
    const parsed = schema.safeParse(plainTextDeep(parseJson(text)));
    if (!parsed.success) {
      throw new MalformedOutputError(`the summary does not match its schema: ${parsed.error.message}`);
    }
    const mismatch = check(parsed.data);
    if (mismatch) throw new MalformedOutputError(mismatch);
    return { kind, ...parsed.data } as SummaryContent;
  });
}
