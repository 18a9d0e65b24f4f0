import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { meQuery } from '../../lib/gamification-api';
import { logWarning } from '../../lib/logger';

/** Back from Checkout, GET /api/me is asked every 1.5 s, for up to 60 s, until the webhook made the reader Premium. */
export const CONFIRM_POLL_INTERVAL_MS = 1500;
export const CONFIRM_MAX_ATTEMPTS = 40;

export type ConfirmationStatus = 'confirming' | 'confirmed' | 'timeout';

/**
 * Waits for the server to see the reader as Premium (Stripe's webhook may land after the browser
 * returns). Each poll reads the `me` query, so the header shows the badge with the first answer
 * that has it. `onConfirmed` (stable) runs once it does; `retry` starts another round after a
 * time-out.
 */
export function usePremiumConfirmation(onConfirmed: () => void) {
  const client = useQueryClient();
  const [round, setRound] = useState(0);
  const [outcome, setOutcome] = useState<{ round: number; status: ConfirmationStatus } | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempts = 0;
    const check = async () => {
      attempts += 1;
      try {
        // Each poll asks the server (never the cache), once (the polls are the retries).
        const me = await client.query({ ...meQuery(), staleTime: 0, retry: false });
        if (controller.signal.aborted) return;
        if (me.profile.plan === 'premium') {
          setOutcome({ round, status: 'confirmed' });
          onConfirmed();
          return;
        }
      } catch (error) {
        if (controller.signal.aborted) return;
        // A failed poll is one attempt spent, not the end: the network may come back.
        logWarning('premium confirmation poll failed', error);
      }
      if (attempts >= CONFIRM_MAX_ATTEMPTS) setOutcome({ round, status: 'timeout' });
      else timer = setTimeout(() => void check(), CONFIRM_POLL_INTERVAL_MS);
    };
    void check();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [round, onConfirmed, client]);

  const status: ConfirmationStatus = outcome?.round === round ? outcome.status : 'confirming';
  return { status, retry: () => setRound((current) => current + 1) };
}
