import { LANGUAGES } from '@summa/shared';
import { z } from 'zod';
import type { Database } from '../../db/database.js';
import type { Metrics } from '../../observability/metrics.js';
import type { StoredSummary, SummarySource } from '../../ports/summary-source.js';
import type { Flight } from '../../single-flight/flight.js';
import { findLease } from '../../single-flight/work-leases.repository.js';
import { QUEUES, type JobQueue } from '../../queue/job-queue.js';
import { JobFollower } from '../../queue/job-follower.js';
import { JobRunner } from '../../queue/job-runner.js';
import type { ProgressRelay } from '../../queue/progress-relay.js';
import type { QueuedWork } from '../../queue/queued-work.js';
import { newObjectKey } from '../../providers/storage/object-key.js';
import type { ObjectStorage } from '../../providers/storage/object-storage.js';
import type { TtsProvider } from '../../providers/tts/tts-provider.js';
import { AudioCancelled, AudioError, type AudioFailure } from './audio-error.js';
import { narrationParts, type PartLimits } from './narration.js';
import {
  deleteIncompleteParts,
  findCompleteParts,
  findIncompleteParts,
  insertPendingPart,
  markComplete,
  type AudioTarget,
  type StoredPart,
} from './audio.repository.js';

/** What a synthesis reports while it runs: how many parts, then each part once its file is stored. */
export type SynthesisEvent = { type: 'plan'; totalParts: number } | { type: 'part'; part: StoredPart };

export type SynthesisFlight = Flight<SynthesisEvent, StoredPart[], AudioFailure>;

export interface SynthesisLog {
  info(o: object, m: string): void;
  warn(o: object, m: string): void;
  error(o: object, m: string): void;
}

export interface SynthesisDeps {
  db: Database;
  tts: TtsProvider;
  storage: ObjectStorage;
  /** Where the worker reads the summary it narrates (a job carries only its id and language). */
  summaries: Pick<SummarySource, 'byId'>;
  log: SynthesisLog;
  /** Counts and times each narration this instance synthesizes. */
  metrics: Pick<Metrics, 'workFinished'>;
  leaseMs: number;
  pollMs?: number | undefined;
  /** How long a narration's parts may be (tests shorten them to get many parts). */
  partLimits?: PartLimits | undefined;
  /** Where narrations are queued, and run by the workers (ADR 0031). */
  queue: JobQueue;
  /** Carries a running narration's events from its worker to the web instances following it. */
  relay: ProgressRelay;
  /** Whether this process also serves readers (role all): a failure at its shutdown is told to them. */
  alsoWeb: boolean;
}

/** The lease key of a summary's narration in a language. */
export const audioKey = ({ summaryId, language }: AudioTarget) => `${summaryId}:${language}`;

/** A narration job's input: which summary, in which language (the worker reads the summary itself). */
const audioTargetSchema = z.object({ summaryId: z.string().min(1), language: z.enum(LANGUAGES) });

function targetOf(summary: StoredSummary): AudioTarget {
  return { summaryId: summary.id, language: summary.language };
}

/**
 * One narration per (summary, language), across requests and instances, as queue jobs (the
 * `narration` queue, ADR 0031): the web side (`flightFor`) queues a job and follows it through
 * the relay; the worker side (`work`) runs it in the leased single flight of its key
 * (single-flight/leased-flights.ts, scope 'audio'). Parts are synthesized and stored in order;
 * each row is written before its file, and all are published together at the end, so a failure
 * or a dead process leaves nothing a reader can reach, and its files are removed by whoever tries
 * next.
 */
export class AudioSyntheses {
  private readonly follower: JobFollower<AudioTarget, SynthesisEvent, StoredPart[], AudioFailure>;
  private readonly runner: JobRunner<AudioTarget, SynthesisEvent, StoredPart[], AudioFailure>;

  constructor(private readonly deps: SynthesisDeps) {
    const work: QueuedWork<AudioTarget, SynthesisEvent, StoredPart[], AudioFailure> = {
      queue: QUEUES.narration,
      scope: 'audio',
      input: audioTargetSchema,
      findDone: async (_key, target) => {
        const parts = await findCompleteParts(deps.db, target);
        return parts.length > 0 ? parts : undefined;
      },
      perform: (flight, _key, target) => this.synthesize(flight, target),
      classify: (error) =>
        error instanceof AudioCancelled
          ? { cancelled: error }
          : {
              failure: error instanceof AudioError ? error : new AudioError({ cause: error }),
              code: 'AUDIO_FAILED',
            },
      isCancelled: (failure) => failure instanceof AudioCancelled,
      codeOf: () => 'AUDIO_FAILED',
      fromStoredCode: () => new AudioError(),
      stopped: (shuttingDown, cause) =>
        shuttingDown ? new AudioError({ cause }) : new AudioCancelled({ cause }),
      brokeDown: (cause) => new AudioError({ cause }),
    };
    this.follower = new JobFollower(work, deps);
    this.runner = new JobRunner(work, deps);
  }

  /** The narration of `summary` this instance follows, or a new one (queued for a worker). */
  flightFor(summary: StoredSummary, requestId?: string): SynthesisFlight {
    const target = targetOf(summary);
    return this.follower.flightFor(audioKey(target), target, requestId);
  }

  /** Shutdown of the web side: followed narrations may finish within `graceMs`, then their readers are told it failed. */
  close(graceMs: number): Promise<void> {
    return this.follower.close(graceMs);
  }

  /** The worker side (roles worker and all): runs the narration jobs. */
  work(): Promise<void> {
    return this.runner.start();
  }

  /** Shutdown of the worker side: running narrations may finish within `graceMs`, the rest fail (or retry elsewhere). */
  closeWorker(graceMs: number): Promise<void> {
    return this.runner.close(graceMs);
  }

  /**
   * At the start of a single-process database: every claim and unfinished part is a dead
   * process's; drops the claims and the parts' files. Returns how many of each.
   */
  async releaseAll(): Promise<{ claims: number; parts: number }> {
    const claims = await this.runner.releaseAll();
    const leftovers = await findIncompleteParts(this.deps.db);
    await this.discard(leftovers);
    return { claims, parts: leftovers.length };
  }

  /**
   * The cluster's upkeep (queue/upkeep.ts): the parts of narrations that nobody holds a live lease
   * on any more (their synthesis died) are removed, files first; returns how many.
   */
  async sweepLeftovers(): Promise<number> {
    const leftovers = await findIncompleteParts(this.deps.db);
    const dead: typeof leftovers = [];
    for (const part of leftovers) {
      const lease = await findLease(this.deps.db, { scope: 'audio', key: audioKey(part) });
      if (!lease?.live) dead.push(part);
    }
    await this.discard(dead);
    return dead.length;
  }

  private async synthesize(flight: SynthesisFlight, target: AudioTarget): Promise<StoredPart[]> {
    const { db, tts, storage, log } = this.deps;
    const started = performance.now();
    const summary = await this.deps.summaries.byId(target.summaryId);
    // Deleted since it was asked for (an admin's removal): nothing to narrate.
    if (!summary || summary.language !== target.language) throw new AudioError();
    // A dead owner's parts (this instance holds the lease now, so nobody else writes them).
    await this.discard(await findIncompleteParts(db, target));
    const texts = narrationParts(summary, this.deps.partLimits).map((part) => part.text);
    flight.emit({ type: 'plan', totalParts: texts.length });
    const stored: StoredPart[] = [];
    try {
      for (const [index, text] of texts.entries()) {
        if (flight.signal.aborted) throw new AudioCancelled({ cause: flight.signal.reason });
        const speech = await tts.synthesize({ text, language: summary.language, signal: flight.signal });
        const part: StoredPart = {
          part: index + 1,
          audioUrl: newObjectKey('audio', 'mp3'),
          durationMs: Math.round(speech.durationMs),
          bytes: speech.mp3.byteLength,
          provider: tts.name,
          voice: speech.voice,
        };
        await insertPendingPart(db, target, part);
        stored.push(part);
        await storage.put(part.audioUrl, speech.mp3, { contentType: 'audio/mpeg' });
        flight.emit({ type: 'part', part });
      }
      await markComplete(db, target);
      log.info(
        {
          summaryId: summary.id,
          language: summary.language,
          parts: stored.length,
          ms: Math.round(performance.now() - started),
        },
        'audio synthesized',
      );
      this.deps.metrics.workFinished('narration', 'ok', (performance.now() - started) / 1000);
      return stored;
    } catch (error) {
      const cancelled = flight.signal.aborted && !flight.shuttingDown;
      this.deps.metrics.workFinished(
        'narration',
        cancelled ? 'cancelled' : 'failed',
        (performance.now() - started) / 1000,
      );
      if (!cancelled)
        log.warn({ err: error, summaryId: summary.id, language: summary.language }, 'audio synthesis failed');
      await this.discard(stored.map((part) => ({ ...part, ...target }))).catch((cleanupError: unknown) =>
        log.error(
          { err: cleanupError, summaryId: summary.id },
          'could not remove the parts of a failed audio synthesis',
        ),
      );
      throw cancelled ? new AudioCancelled({ cause: error }) : error;
    }
  }

  /** Removes unfinished parts: their files first (a missing one is fine), then their rows. */
  private async discard(parts: readonly (StoredPart & AudioTarget)[]): Promise<void> {
    const byTarget = new Map<string, { target: AudioTarget; parts: number[] }>();
    for (const part of parts) {
      await this.deps.storage.delete(part.audioUrl);
      const key = audioKey(part);
      const entry = byTarget.get(key) ?? {
        target: { summaryId: part.summaryId, language: part.language },
        parts: [],
      };
      entry.parts.push(part.part);
      byTarget.set(key, entry);
    }
    for (const { target, parts: numbers } of byTarget.values())
      await deleteIncompleteParts(this.deps.db, target, numbers);
  }
}
