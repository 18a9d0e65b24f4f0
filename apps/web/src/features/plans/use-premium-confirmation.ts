import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { billingConfigQuery } from '../../lib/billing-api';
import { meQuery } from '../../lib/gamification-api';
import { logWarning } from '../../lib/logger';

/** Back from Checkout, GET /api/me is asked every 1.5 s, for up to 60 s, until the webhook made the reader Premium. */
export const CONFIRM_POLL_INTERVAL_MS = 1500;
export const CONFIRM_MAX_ATTEMPTS = 40;

/**
 * - `checking`: the first look (the plan, and whether payments are on);
 * - `confirming`: back from a Checkout session, waiting for the server to see the payment;
 * - `confirmed`: the reader is Premium;
 * - `timeout`: still not confirmed after CONFIRM_MAX_ATTEMPTS polls (the polls stopped);
 * - `payments-off`: this server takes no payments, so there is nothing to wait for;
 * - `no-checkout`: no Checkout session in the address (the page was opened directly).
 */
export type ConfirmationStatus =
  'checking' | 'confirming' | 'confirmed' | 'timeout' | 'payments-off' | 'no-checkout';

/**
 * Waits for the server to see the reader as Premium (Stripe's webhook may land after the browser
 * returns), but only when there is a payment to wait for: payments are on and the address names
 * the Checkout session Stripe returned from. Each poll reads the `me` query, so the header shows
 * the badge with the first answer that has it. `onConfirmed` (stable) runs once it does; `retry`
 * starts another round after a time-out.
 */
export function usePremiumConfirmation(onConfirmed: () => void, checkoutSessionId: string | null) {
  const client = useQueryClient();
  const [round, setRound] = useState(0);
  const [outcome, setOutcome] = useState<{ round: number; status: ConfirmationStatus } | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempts = 0;
    const settle = (status: ConfirmationStatus) => {
      if (!controller.signal.aborted) setOutcome({ round, status });
    };
    /** Whether the server sees the reader as Premium now; null when it could not be asked. */
    const isPremium = async (): Promise<boolean | null> => {
      try {
        // Each poll asks the server (never the cache), once (the polls are the retries).
        const me = await client.query({ ...meQuery(), staleTime: 0, retry: false });
        return me.profile.plan === 'premium';
      } catch (error) {
        // A failed poll is one attempt spent, not the end: the network may come back.
        if (!controller.signal.aborted) logWarning('premium confirmation poll failed', error);
        return null;
      }
    };
    const paymentsOn = async (): Promise<boolean | null> => {
      try {
        return (await client.query(billingConfigQuery())).enabled;
      } catch (error) {
        logWarning('billing config not read', error);
        return null;
      }
    };
    const poll = async () => {
      attempts += 1;
      const premium = await isPremium();
      if (controller.signal.aborted) return;
      if (premium) {
        settle('confirmed');
        onConfirmed();
        return;
      }
      if (attempts >= CONFIRM_MAX_ATTEMPTS) settle('timeout');
      else timer = setTimeout(() => void poll(), CONFIRM_POLL_INTERVAL_MS);
    };
    const start = async () => {
      const [premium, enabled] = await Promise.all([isPremium(), paymentsOn()]);
      if (controller.signal.aborted) return;
      attempts = 1;
      if (premium) {
        settle('confirmed');
        onConfirmed();
        return;
      }
      // Nothing to wait for: say why at once rather than spin for a minute.
      if (enabled === false) {
        settle('payments-off');
      } else if (!checkoutSessionId) {
        settle('no-checkout');
      } else {
        settle('confirming');
        timer = setTimeout(() => void poll(), CONFIRM_POLL_INTERVAL_MS);
      }
    };
    void start();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [round, onConfirmed, client, checkoutSessionId]);

  const status: ConfirmationStatus = outcome?.round === round ? outcome.status : 'checking';
  return { status, retry: () => setRound((current) => current + 1) };
}
