/**
 * Leaves the single-page app for another site (Stripe Checkout, the Billing Portal): a full
 * navigation, kept in its own module so tests can stand in for the browser's address bar.
 */
export function leaveApp(url: string): void {
  window.location.assign(url);
}
