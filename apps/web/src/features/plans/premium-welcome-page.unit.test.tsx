import { act, fireEvent, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { fakeApi, json, offline, type FakeApi } from '../../test/fake-api';
import { testMe } from '../../test/me-fixture';
import { testSession } from '../../test/session-fixture';
import { HeaderPremiumBadge } from '../../components/layout/premium-badge';
import { PremiumWelcomePage } from './premium-welcome-page';
import { CONFIRM_MAX_ATTEMPTS, CONFIRM_POLL_INTERVAL_MS } from './use-premium-confirmation';
import { renderSignedIn } from '../../test/render-app';

vi.mock('canvas-confetti', () => ({ default: Object.assign(vi.fn(), { reset: vi.fn() }) }));

let api: FakeApi;
/** Whether Stripe's webhook has reached the server yet. */
let paid: boolean;
let down: boolean;
/** Whether this server takes payments (STRIPE_* set). */
let paymentsOn: boolean;

beforeEach(() => {
  vi.useFakeTimers();
  paid = false;
  down = false;
  paymentsOn = true;
  api = fakeApi({
    'GET /api/billing/config': () => json({ enabled: paymentsOn }),
    'GET /api/me': () => (down ? offline() : json(testMe({ profile: { plan: paid ? 'premium' : 'free' } }))),
  });
  vi.stubGlobal(
    'matchMedia',
    vi.fn(() => ({ matches: true })),
  );
  vi.stubGlobal(
    'Audio',
    class {
      volume = 1;
      play() {
        return Promise.resolve();
      }
    },
  );
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  setLanguage('en');
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderWelcome(address = '/premium-welcome?session_id=cs_test_1') {
  const session = testSession();
  const router = createMemoryRouter(
    [
      { path: '/premium-welcome', Component: PremiumWelcomePage },
      { path: '/home', Component: () => null },
      { path: '/plans', Component: () => null },
    ],
    { initialEntries: [address] },
  );
  renderSignedIn(
    session,
    <>
      <HeaderPremiumBadge />
      <RouterProvider router={router} />
    </>,
  );
}

const polls = () => api.to('/api/me').length;
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('/premium-welcome', () => {
  it('waits for the webhook, polling /api/me, then celebrates and shows the badge', async () => {
    renderWelcome();
    await wait(0);
    expect(screen.getByTestId('premium-welcome-confirming').textContent).toContain('Confirming your payment');
    expect(screen.queryByTestId('header-premium-badge')).toBeNull();
    const before = polls();
    await wait(CONFIRM_POLL_INTERVAL_MS);
    expect(polls()).toBe(before + 1);
    expect(screen.getByTestId('premium-welcome-confirming')).toBeTruthy();

    paid = true;
    await wait(CONFIRM_POLL_INTERVAL_MS);
    const confirmed = screen.getByTestId('premium-welcome-confirmed');
    expect(within(confirmed).getByRole('link', { name: 'Go to home' }).getAttribute('href')).toBe('/home');
    const overlay = screen.getByTestId('celebration-overlay');
    expect(overlay.textContent).toContain('Welcome to Premium!');
    expect(within(overlay).queryByTestId('celebration-xp')).toBeNull();
    // The shared profile was loaded again, so the header shows the badge.
    expect(screen.getByTestId('header-premium-badge')).toBeTruthy();

    // Confirmed: no more polling.
    const settled = polls();
    await wait(CONFIRM_POLL_INTERVAL_MS * 3);
    expect(polls()).toBe(settled);
  });

  it('says the payment is being confirmed after a minute, keeps failed polls going, and retries', async () => {
    down = true;
    renderWelcome();
    await wait(0);
    await wait(CONFIRM_POLL_INTERVAL_MS * 5);
    expect(screen.getByTestId('premium-welcome-confirming')).toBeTruthy();
    down = false;
    await wait(CONFIRM_POLL_INTERVAL_MS * CONFIRM_MAX_ATTEMPTS);
    const timeout = screen.getByTestId('premium-welcome-timeout');
    expect(timeout.textContent).toContain('The payment confirmation has not arrived yet');
    expect(timeout.textContent).toContain('We checked for a minute and stopped');
    expect(within(timeout).getByRole('link', { name: 'See the plans' }).getAttribute('href')).toBe('/plans');
    expect(within(timeout).getByRole('link', { name: 'Go to home' }).getAttribute('href')).toBe('/home');
    expect(screen.queryByTestId('celebration-overlay')).toBeNull();
    const stopped = polls();
    await wait(CONFIRM_POLL_INTERVAL_MS * 3);
    expect(polls()).toBe(stopped);

    paid = true;
    fireEvent.click(within(timeout).getByRole('button', { name: 'Check again' }));
    await wait(0);
    expect(screen.getByTestId('premium-welcome-confirmed')).toBeTruthy();
    expect(screen.getByTestId('celebration-overlay')).toBeTruthy();
  });

  it('says at once that payments are off on this server, with ways on, and does not poll', async () => {
    paymentsOn = false;
    renderWelcome();
    await wait(0);
    const off = screen.getByTestId('premium-welcome-payments-off');
    expect(off.textContent).toContain('Payments are not available on this server');
    expect(off.textContent).not.toContain('Confirming your payment');
    expect(within(off).getByRole('link', { name: 'See the plans' }).getAttribute('href')).toBe('/plans');
    expect(within(off).getByRole('link', { name: 'Go to home' }).getAttribute('href')).toBe('/home');
    const asked = polls();
    await wait(CONFIRM_POLL_INTERVAL_MS * 5);
    expect(polls()).toBe(asked);
  });

  it.each(['/premium-welcome', '/premium-welcome?session_id={CHECKOUT_SESSION_ID}'])(
    'opened without a Checkout session (%s), says there is nothing to confirm',
    async (address) => {
      renderWelcome(address);
      await wait(0);
      const none = screen.getByTestId('premium-welcome-no-checkout');
      expect(none.textContent).toContain('There is no payment to confirm');
      expect(within(none).getByRole('link', { name: 'See the plans' }).getAttribute('href')).toBe('/plans');
      const asked = polls();
      await wait(CONFIRM_POLL_INTERVAL_MS * 5);
      expect(polls()).toBe(asked);
      expect(screen.queryByTestId('celebration-overlay')).toBeNull();
    },
  );

  it('a reader who is Premium already is welcomed at once, whatever the address', async () => {
    paid = true;
    paymentsOn = false;
    renderWelcome('/premium-welcome');
    await wait(0);
    expect(screen.getByTestId('premium-welcome-confirmed')).toBeTruthy();
  });

  it('shows a neutral check, not the payment spinner, before the first answer', () => {
    renderWelcome();
    const checking = screen.getByTestId('premium-welcome-checking');
    expect(checking.textContent).toBe('Checking your plan…');
  });
});
