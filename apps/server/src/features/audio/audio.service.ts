import type { Audio, AudioPart, AudioResponse, Language, ListeningResult } from '@summa/shared';
import { z } from 'zod';
import { createMemoryCache } from '../../cache/memory-cache.js';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import type { GoalActivity } from '../../ports/goal-activity.js';
import type { HouseNarration } from '../../ports/house-narration.js';
import type { ReaderActivity } from '../../ports/reader-activity.js';
import type { StoredSummary, SummarySource } from '../../ports/summary-source.js';
import type { UsageQuota, UsageReservation } from '../../ports/usage-quota.js';
import type { WorkLog } from '../../ports/work-log.js';
import { leftFlight, type FlightListener } from '../../single-flight/flight.js';
import { SIGNED_URL_SECONDS, type ObjectStorage } from '../../providers/storage/object-storage.js';
import { AudioCancelled, AudioError } from './audio-error.js';
import { audioKey, type AudioSyntheses, type SynthesisEvent, type SynthesisLog } from './audio-synthesis.js';
import {
  addUserAudio,
  findCompleteParts,
  listenableSeconds,
  recordListening,
  type AudioTarget,
  type StoredPart,
} from './audio.repository.js';

/** Thrown from fair use's admission to give a new hold back: the narration was made meanwhile. */
class MadeMeanwhile extends Error {}

/** What the reader hears about while a narration is made: its plan, then each part, signed. */
export type AudioProgress = { type: 'plan'; totalParts: number } | { type: 'part'; part: AudioPart };

export interface AudioDeps {
  db: Database;
  syntheses: AudioSyntheses;
  summaries: SummarySource;
  quota: UsageQuota;
  storage: ObjectStorage;
  activity: ReaderActivity;
  /** Where listening counts toward the daily goal (features/gamification). */
  goals: GoalActivity;
  log: SynthesisLog;
  /** Fair use: throws when the reader or everyone synthesized too much lately. */
  admit?: (userId: string) => Promise<void>;
  now?: () => Date;
  /** At shutdown, how long running syntheses may go on before their readers are told they failed. */
  shutdownGraceMs?: number | undefined;
  /** What readers asked for and how it ended, for the admin's usage numbers (the WorkLog port). */
  workLog?: WorkLog | undefined;
}

export type PreparedAudio =
  | { cached: true; result: AudioResponse }
  /** Held against the plan; `run` synthesizes (or joins a synthesis) and charges on delivery. */
  | {
      cached: false;
      run(listener: (event: AudioProgress) => void, signal: AbortSignal): Promise<AudioResponse>;
    };

/** After a failed narration on the house, how long before a request starts it again. */
const HOUSE_RETRY_MS = 60_000;

/**
 * The audio use cases: a summary's stored narration, and making it once for everyone; and the
 * HouseNarration port (the demo's narration, which no reader's plan pays for).
 */
export class AudioService implements HouseNarration {
  constructor(private readonly deps: AudioDeps) {}

  private closing = false;
  /** The narrations this process is making on the house, by audio key. */
  private readonly houseRunning = new Set<string>();
  /** When a narration on the house last failed here, by audio key. */
  private readonly houseFailedAt = new Map<string, number>();
  /** Finished narrations' parts, by audio key: every read of a narration asks for them. */
  private readonly finished = createMemoryCache<readonly StoredPart[]>('narrationParts');

  /** Shutdown: running syntheses may finish within the grace; new ones are refused. */
  async close(): Promise<void> {
    this.closing = true;
    await this.deps.syntheses.close(this.deps.shutdownGraceMs ?? 0);
  }

  /** The finished narration of a summary in its language; null while none was made. */
  async get(summaryId: string, language: Language): Promise<Audio | null> {
    const summary = await this.summaryIn(summaryId, language);
    const parts = await this.finishedParts({ summaryId: summary.id, language });
    return parts.length === 0 ? null : this.present(summary, parts);
  }

  /**
   * A finished narration's parts (none while it is not made). Kept once found: a narration is
   * published all at once and never changes; it goes only with its summary, which the caller
   * has just found.
   */
  private async finishedParts(target: AudioTarget): Promise<readonly StoredPart[]> {
    const key = audioKey(target);
    const cached = this.finished.get(key);
    if (cached) return cached;
    const parts = await findCompleteParts(this.deps.db, target);
    if (parts.length > 0) this.finished.set(key, parts);
    return parts;
  }

  /**
   * The HouseNarration port: the stored narration, or null while it is made (started here once,
   * joined by nobody: no plan is held or charged, no fair use counted, no reader recorded).
   */
  async narrationOf(summaryId: string, language: Language): Promise<Audio | null> {
    const summary = await this.summaryIn(summaryId, language);
    const parts = await findCompleteParts(this.deps.db, { summaryId: summary.id, language });
    if (parts.length > 0) return this.present(summary, parts);
    this.narrateOnTheHouse(summary);
    return null;
  }

  private narrateOnTheHouse(summary: StoredSummary): void {
    const key = audioKey({ summaryId: summary.id, language: summary.language });
    const now = (this.deps.now?.() ?? new Date()).getTime();
    const failedAt = this.houseFailedAt.get(key);
    if (
      this.closing ||
      this.houseRunning.has(key) ||
      (failedAt !== undefined && now - failedAt < HOUSE_RETRY_MS)
    ) {
      return;
    }
    this.houseRunning.add(key);
    const flight = this.deps.syntheses.flightFor(summary);
    // Someone has to stay on the flight, or it stops as soon as it starts: the house does, to the end.
    const leave = flight.join(() => undefined);
    void flight.outcome
      .then((outcome) => {
        if (!('failure' in outcome)) return;
        this.houseFailedAt.set(key, (this.deps.now?.() ?? new Date()).getTime());
        this.deps.log.warn({ err: outcome.failure, summaryId: summary.id }, 'the demo narration failed');
      })
      .finally(() => {
        leave();
        this.houseRunning.delete(key);
      });
  }

  /**
   * `POST /api/summaries/:id/audio/listened`: seconds of the narration the reader listened to,
   * counted toward the day's listening as far as the server can check them (ADR 0033): the reader
   * has the narration, at most its length a day, at most the time since their previous report.
   * 404 when the reader has no narration of this summary.
   */
  async listened(userId: string, summaryId: string, seconds: number): Promise<ListeningResult> {
    const { db, goals } = this.deps;
    if (!z.uuid().safeParse(summaryId).success) throw new AppError('NOT_FOUND', 404);
    const lengthSeconds = await listenableSeconds(db, userId, summaryId);
    if (lengthSeconds === 0) throw new AppError('NOT_FOUND', 404);
    const now = this.deps.now?.() ?? new Date();
    return goals.listened(userId, (tx, today) =>
      recordListening(tx, { userId, summaryId, today, seconds, lengthSeconds, now }),
    );
  }

  /**
   * A stored narration answers at once and costs nothing. Otherwise one audio of the plan is held
   * now (so that concurrent requests cannot pass the limit together) for `run`; a reader's second
   * request for the same narration shares that hold, and so its one unit.
   */
  async prepare(
    userId: string,
    summaryId: string,
    language: Language,
    requestId?: string,
  ): Promise<PreparedAudio> {
    if (this.closing) throw new AppError('SERVICE_UNAVAILABLE', 503);
    const { quota, admit } = this.deps;
    const summary = await this.summaryIn(summaryId, language);
    const target = { summaryId: summary.id, language };
    const stored = await this.stored(userId, summary, target);
    if (stored) return stored;
    // Fair use counts new syntheses only, after the plan's limit, and once per hold.
    let madeBeforeAdmission: PreparedAudio | undefined;
    const reservation = await quota
      .reserve(userId, 'audio', {
        item: `${summary.id}:${language}`,
        admit:
          admit &&
          (async () => {
            // The reader's other request for it may have made it since `stored` looked, and ended
            // the hold this one would have shared: a narration made meanwhile counts no start.
            madeBeforeAdmission = await this.stored(userId, summary, target);
            if (madeBeforeAdmission) throw new MadeMeanwhile();
            await admit(userId);
          }),
      })
      .catch((error: unknown) => {
        if (error instanceof MadeMeanwhile) return undefined;
        throw error;
      });
    if (madeBeforeAdmission) return madeBeforeAdmission;
    if (!reservation) {
      // The reader's other request for it may have just made it (and ended the hold this one would share).
      const madeMeanwhile = await this.stored(userId, summary, target);
      if (madeMeanwhile) return madeMeanwhile;
      throw new AppError('AUDIO_LIMIT_REACHED', 403);
    }
    return {
      cached: false,
      run: (listener, signal) => this.run(userId, summary, reservation, requestId, listener, signal),
    };
  }

  private async run(
    userId: string,
    summary: StoredSummary,
    reservation: UsageReservation,
    requestId: string | undefined,
    listener: (event: AudioProgress) => void,
    signal: AbortSignal,
  ): Promise<AudioResponse> {
    const { quota, syntheses, log } = this.deps;
    const target = { summaryId: summary.id, language: summary.language };
    const flight = syntheses.flightFor(summary, requestId);
    // Each part is signed for this reader as it arrives; the order of parts is kept.
    let signing = Promise.resolve();
    const follow: FlightListener<SynthesisEvent> = (event) => {
      signing = signing.then(async () => listener(await this.progress(event)));
    };
    const leave = flight.join(follow);
    const renewal = setInterval(() => {
      quota
        .renew(reservation)
        .catch((error: unknown) => log.warn({ err: error }, 'could not renew an audio reservation'));
    }, quota.holdMs / 3);
    let charged = false;
    try {
      const outcome = await Promise.race([flight.outcome, leftFlight(signal, () => new AudioCancelled())]);
      if ('failure' in outcome) throw outcome.failure;
      // Charged once per reader and audio: the reader's other requests (other tabs) share this
      // hold, and the one delivering second finds the audio delivered and is charged nothing.
      const { delivered, usage } = await quota.charge(reservation, (tx) => addUserAudio(tx, userId, target));
      charged = true;
      await this.delivered(userId, target, delivered);
      await signing;
      this.deps.workLog?.record({ kind: 'audio', outcome: 'made', userId });
      return { ...(await this.present(summary, outcome.value)), cached: false, usage };
    } catch (error) {
      if (error instanceof AudioError) {
        this.deps.workLog?.record({ kind: 'audio', outcome: 'failed', cause: error.code, userId });
      }
      if (!charged) {
        await quota.release(reservation).catch((releaseError: unknown) => {
          log.warn({ err: releaseError }, 'could not release an audio reservation');
        });
      }
      throw error;
    } finally {
      clearInterval(renewal);
      leave();
    }
  }

  /** The stored narration's answer (spec §4: audio loaded from the cache costs nothing); undefined when none. */
  private async stored(
    userId: string,
    summary: StoredSummary,
    target: AudioTarget,
  ): Promise<PreparedAudio | undefined> {
    const { db, quota } = this.deps;
    const parts = await findCompleteParts(db, target);
    if (parts.length === 0) return undefined;
    await this.delivered(userId, target, await addUserAudio(db, userId, target));
    this.deps.workLog?.record({ kind: 'audio', outcome: 'cached', userId });
    return {
      cached: true,
      result: { ...(await this.present(summary, parts)), cached: true, usage: await quota.usage(userId) },
    };
  }

  /** The summary, when it exists and is in `language` (audio is read in the summary's own language). */
  private async summaryIn(summaryId: string, language: Language): Promise<StoredSummary> {
    const summary = await this.deps.summaries.byId(summaryId);
    if (!summary) throw new AppError('NOT_FOUND', 404);
    if (summary.language !== language) throw new AppError('AUDIO_LANGUAGE_UNAVAILABLE', 400);
    return summary;
  }

  /** Reports the reader's first audio of this summary and language (XP comes with Gamification). */
  private async delivered(userId: string, target: AudioTarget, first: boolean): Promise<void> {
    if (!first) return;
    await this.deps.activity
      .record({ type: 'audio_generated', userId, ...target })
      .catch((error: unknown) =>
        this.deps.log.warn({ err: error, ...target }, 'could not record audio_generated'),
      );
  }

  private async progress(event: SynthesisEvent): Promise<AudioProgress> {
    if (event.type === 'plan') return event;
    return { type: 'part', part: await this.sign(event.part) };
  }

  private async sign(part: StoredPart): Promise<AudioPart> {
    const url = await this.deps.storage.signedUrl(part.audioUrl, { expiresInSeconds: SIGNED_URL_SECONDS });
    return { part: part.part, url, durationMs: part.durationMs, bytes: part.bytes };
  }

  private async present(summary: StoredSummary, parts: readonly StoredPart[]): Promise<Audio> {
    const now = this.deps.now?.() ?? new Date();
    return {
      summaryId: summary.id,
      language: summary.language,
      parts: await Promise.all(parts.map((part) => this.sign(part))),
      durationMs: parts.reduce((total, part) => total + part.durationMs, 0),
      voice: parts[0]?.voice ?? '',
      expiresAt: new Date(now.getTime() + SIGNED_URL_SECONDS * 1000).toISOString(),
    };
  }
}
