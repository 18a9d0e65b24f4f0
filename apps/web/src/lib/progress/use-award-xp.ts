import { LEVEL_TIERS, type AddXpResult, type XpEventType } from '@summa/shared';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useCallback, useContext, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../toast';
import { ApiError, NETWORK_ERROR } from '../api-client';
import { authClient } from '../auth/auth-client';
import { postXpEvent } from '../gamification-api';
import { xpAwarded } from '../invalidation';
import { logWarning } from '../logger';
import { queueXp, takeQueuedXp } from '../offline/pending-xp';
import { useOnline } from '../use-online';
import { ReaderProgressContext, type ReaderProgressState } from './progress-context';
import { XpFeedbackContext, type XpFeedbackState } from './xp-feedback-context';

export type AwardXp = (eventType: XpEventType, subjectId: string) => Promise<void>;

interface Latest {
  progress: ReaderProgressState | null;
  feedback: XpFeedbackState | null;
  t: TFunction;
}

/** The translated name of `level` (1 to 5). */
export function levelName(level: number, t: TFunction): string {
  const tier = LEVEL_TIERS.find((candidate) => candidate.level === level) ?? LEVEL_TIERS[0];
  return t(`gamification.levels.${tier.key}`);
}

/**
 * Tells the reader what an award brought: the XP toast (unless `quietXp`: a review card's small
 * award every few seconds), the level-up toast and notice, the celebrations.
 */
function announce(
  result: AddXpResult,
  eventType: XpEventType | null,
  latest: Pick<Latest, 't' | 'feedback'>,
): void {
  const { t, feedback } = latest;
  if (result.xpAwarded > 0 && eventType) {
    toast.success(t('gamification.xpGain', { xp: result.xpAwarded }), {
      description: t(`gamification.events.${eventType}`),
    });
  }
  if (result.leveled_up) {
    toast.success(t('gamification.levelUp.title'), {
      description: t('gamification.levelUp.body', { level: levelName(result.new_level, t) }),
    });
    feedback?.announceLevelUp(result.new_level);
  }
  feedback?.celebrate(result.achievements);
}

/**
 * `award(eventType, subjectId)` reports an XP event (POST /api/xp) for the signed-in reader and
 * tells them what it brought; for a visitor it does nothing at all (no request, nothing shown).
 * The answer's progress reaches the header and the profile at once; rankings and achievements
 * are read again (invalidation.ts).
 * Call it only after the event really happened: the server checks it (404 otherwise). The
 * function is stable, so an effect may depend on it without firing again.
 */
export function useAwardXp(): AwardXp {
  const { t } = useTranslation();
  const client = useQueryClient();
  // Outside the providers (a screen rendered on its own) there is no reader to award.
  const progress = useContext(ReaderProgressContext);
  const feedback = useContext(XpFeedbackContext);
  // The answer arrives later: it must update the progress as it is then, not as it was when asked.
  const latest = useRef<Latest>({ progress, feedback, t });
  useEffect(() => {
    latest.current = { progress, feedback, t };
  });

  return useCallback(
    async (eventType: XpEventType, subjectId: string) => {
      if (!latest.current.progress || latest.current.progress.status === 'signed-out') return;
      let result: AddXpResult;
      try {
        result = await postXpEvent({ eventType, subjectId });
      } catch (error) {
        // Offline (a kept summary read without a network): sent when the network returns.
        const owner = authClient.currentSession()?.user.id;
        if (owner && error instanceof ApiError && error.code === NETWORK_ERROR) {
          queueXp(owner, eventType, subjectId);
          return;
        }
        logWarning(`XP event ${eventType} could not be recorded`, error);
        const { t: translate } = latest.current;
        toast.error(translate('common.toast.error'), { description: translate('common.toast.tryAgain') });
        return;
      }
      await xpAwarded(client, result);
      announce(result, eventType, latest.current);
    },
    [client],
  );
}

/**
 * What an award made elsewhere (a review card graded) brought: the reader's progress reaches the
 * header and the profile at once, rankings and achievements are read again, and a level-up or an
 * achievement is announced as for any award; the review's small XP has no toast of its own.
 */
export function useAwardAnswer(): (result: AddXpResult) => Promise<void> {
  const { t } = useTranslation();
  const client = useQueryClient();
  const feedback = useContext(XpFeedbackContext);
  return useCallback(
    async (result: AddXpResult) => {
      await xpAwarded(client, result);
      announce(result, null, { t, feedback });
    },
    [client, t, feedback],
  );
}

/**
 * Awards `eventType` for `subjectId` once per page view of that subject when a reader is signed
 * in (also when the session arrives after the page): read_summary for a summary page.
 */
export function useAwardXpOnView(eventType: XpEventType, subjectId: string): void {
  const award = useAwardXp();
  const progress = useContext(ReaderProgressContext);
  const signedIn = progress !== null && progress.status !== 'signed-out';
  // The subject last awarded by this mount: effects may run twice in development, and a new
  // subject (another summary in the same view) is a new page view.
  const awarded = useRef<string | null>(null);
  useEffect(() => {
    if (!signedIn || awarded.current === subjectId) return;
    awarded.current = subjectId;
    void award(eventType, subjectId);
  }, [award, signedIn, eventType, subjectId]);
}

/**
 * Sends the XP events the signed-in reader earned offline (pending-xp.ts), when this mounts and
 * each time the app is back online; the server awards each once, whoever sends it how often.
 */
export function useSendQueuedXp(): void {
  const award = useAwardXp();
  const progress = useContext(ReaderProgressContext);
  const ready = progress?.status === 'ready';
  // Back online (the browser's word, or the server answering again): send what waits.
  const online = useOnline();
  useEffect(() => {
    const owner = authClient.currentSession()?.user.id;
    if (!ready || !online || !owner) return;
    // One after the other: each award's answer carries the progress the next one builds on.
    void takeQueuedXp(owner).reduce<Promise<void>>(
      (previous, event) => previous.then(() => award(event.eventType, event.subjectId)),
      Promise.resolve(),
    );
  }, [award, ready, online]);
}

/** Mounted once in the app's layout: sends queued XP events (useSendQueuedXp). */
export function QueuedXpSender(): null {
  useSendQueuedXp();
  return null;
}
