/** Ending a reader's paid subscription at once; implemented by features/billing (BillingService). */
export interface SubscriptionCancellation {
  /**
   * Cancels the reader's live subscription with the payment provider now (not at the period's
   * end); nothing when there is none or payments are off. Rejects with 502
   * SUBSCRIPTION_CANCEL_FAILED when the provider refuses or cannot be reached.
   */
  cancelNow(userId: string): Promise<void>;
}
