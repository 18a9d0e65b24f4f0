import type { Language, Usage } from '@summa/shared';
import { translations } from '@summa/shared/i18n';
import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { leaveApp } from '../../lib/leave-app';
import { apiError, fakeApi, json, type FakeApi } from '../../test/fake-api';
import { testMe } from '../../test/me-fixture';
import { testSession } from '../../test/session-fixture';
import { clearAfterEach } from '../../test/route-fixture';
import { PlansPage } from './plans-page';
import { renderSignedIn } from '../../test/render-app';
import { englishUser } from '../../test/english-user';

// The browser's address bar: leaving for Stripe is observed, not performed.
vi.mock('../../lib/leave-app', () => ({ leaveApp: vi.fn() }));

const FREE_USAGE: Usage = {
  plan: 'free',
  monthKey: '2026-11',
  summariesUsed: 3,
  summariesLimit: 10,
  audiosUsed: 7,
  audiosLimit: 10,
};
const PREMIUM_USAGE: Usage = { ...FREE_USAGE, plan: 'premium', summariesLimit: null, audiosLimit: null };

/** Premium's price as Intl writes it per language: [monthly, yearly, yearly note]. */
const EXPECTED: Record<Language, { monthly: RegExp; yearly: RegExp; perMonth: RegExp }> = {
  pt: { monthly: /^R\$\s14,99$/, yearly: /^R\$\s149$/, perMonth: /R\$\s12,42/ },
  en: { monthly: /^\$4\.99$/, yearly: /^\$49$/, perMonth: /\$4\.08/ },
  es: { monthly: /^USD\s4\.99$/, yearly: /^USD\s49$/, perMonth: /USD\s4\.08/ },
};

let api: FakeApi;
let user: UserEvent;
let usage: Usage;
let enabled: boolean;

beforeEach(() => {
  usage = FREE_USAGE;
  enabled = true;
  api = fakeApi({
    'GET /api/me': () => json(testMe({ profile: { plan: usage.plan } })),
    'GET /api/me/usage': () => json(usage),
    'GET /api/billing/config': () => json({ enabled }),
    'POST /api/billing/checkout': () => json({ url: 'https://checkout.stripe.test/c/pay_1' }),
    'POST /api/billing/portal': () => json({ url: 'https://billing.stripe.test/p/session_1' }),
  });
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  user = englishUser();
});

clearAfterEach();
afterEach(() => {
  vi.mocked(leaveApp).mockClear();
});

function renderPlans() {
  const session = testSession();
  const router = createMemoryRouter([{ path: '/plans', Component: PlansPage }], {
    initialEntries: ['/plans'],
  });
  renderSignedIn(
    session,
    <>
      <RouterProvider router={router} />
      <Toaster />
    </>,
  );
}

const premiumCard = () => screen.getByTestId('plan-premium');

describe.each(['pt', 'en', 'es'] as const)('/plans in %s', (language) => {
  const landing = translations[language].landing.pricing;

  it('lists both plans and switches Premium between monthly and yearly prices', async () => {
    setLanguage(language);
    renderPlans();
    await screen.findByTestId('current-plan');
    const card = premiumCard();
    expect(within(card).getByText(EXPECTED[language].monthly)).toBeTruthy();
    expect(within(card).getByText(landing.premium.monthlyPeriod)).toBeTruthy();
    for (const feature of Object.values(landing.premium.features))
      expect(within(card).getByText(feature)).toBeTruthy();
    for (const feature of [
      landing.free.features.summaries,
      landing.free.features.audios,
      landing.free.features.support,
    ])
      expect(screen.getByText(feature)).toBeTruthy();

    const yearly = screen.getByRole('radio', { name: new RegExp(landing.billing.yearly) });
    expect(yearly.closest('label')?.textContent).toContain(
      landing.billing.yearlyHint.replace('{{months}}', '2'),
    );
    await user.click(yearly);
    expect((yearly as HTMLInputElement).checked).toBe(true);
    expect(within(card).getByText(EXPECTED[language].yearly)).toBeTruthy();
    expect(within(card).getByText(landing.premium.yearlyPeriod)).toBeTruthy();
    expect(screen.getByTestId('premium-price-note').textContent).toMatch(EXPECTED[language].perMonth);
    expect(within(card).queryByText(EXPECTED[language].monthly)).toBeNull();
  });
});

describe('/plans', () => {
  it("shows the reader's plan and this month's usage, and the guarantee", async () => {
    renderPlans();
    expect(screen.getByTestId('current-plan-skeleton')).toBeTruthy();
    const current = await screen.findByTestId('current-plan');
    expect(within(current).getByText('Free')).toBeTruthy();
    const rows = within(current).getAllByTestId('usage-row');
    expect(rows.map((row) => row.textContent)).toEqual(['Summaries3 of 10', 'Audios7 of 10']);
    expect(screen.getByTestId('current-plan-tag').closest('article')?.textContent).toContain('Free');
    expect(screen.getByText('7-day guarantee')).toBeTruthy();
    expect(screen.getByText('Cancel anytime')).toBeTruthy();
  });

  it('offers a retry when the usage cannot be loaded', async () => {
    let fail = true;
    api.on({
      'GET /api/me/usage': () => (fail ? apiError(500, 'INTERNAL_ERROR') : json(usage)),
    });
    renderPlans();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your plan and usage could not be loaded.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('current-plan')).toBeTruthy();
  });

  it("says 'Payment integration coming soon!' when payments are not configured", async () => {
    enabled = false;
    renderPlans();
    await screen.findByTestId('current-plan');
    await user.click(within(premiumCard()).getByRole('button', { name: 'Go Premium' }));
    expect(await screen.findByText('Payment integration coming soon!')).toBeTruthy();
    expect(api.requests.some((request) => request.route === 'POST /api/billing/checkout')).toBe(false);
    expect(leaveApp).not.toHaveBeenCalled();
  });

  it('starts Checkout for the chosen interval and goes to its address', async () => {
    renderPlans();
    await screen.findByTestId('current-plan');
    await user.click(screen.getByRole('radio', { name: /Yearly/ }));
    await user.click(within(premiumCard()).getByRole('button', { name: 'Go Premium' }));
    await vi.waitFor(() => expect(leaveApp).toHaveBeenCalledWith('https://checkout.stripe.test/c/pay_1'));
    const checkout = api.requests.find((request) => request.route === 'POST /api/billing/checkout');
    expect(checkout?.body).toEqual({ interval: 'yearly' });
  });

  it('shows a translated toast when Checkout fails (already Premium)', async () => {
    api.on({ 'POST /api/billing/checkout': () => apiError(409, 'ALREADY_PREMIUM', 'x') });
    renderPlans();
    await screen.findByTestId('current-plan');
    await user.click(within(premiumCard()).getByRole('button', { name: 'Go Premium' }));
    expect(await screen.findByText('You are already Premium.')).toBeTruthy();
    expect(leaveApp).not.toHaveBeenCalled();
  });

  it('gives a Premium reader the Billing Portal instead of Checkout', async () => {
    usage = PREMIUM_USAGE;
    renderPlans();
    const current = await screen.findByTestId('current-plan');
    expect(within(current).getByText('Premium')).toBeTruthy();
    expect(
      within(current)
        .getAllByTestId('usage-row')
        .map((row) => row.textContent),
    ).toEqual(['Summaries3 (unlimited)', 'Audios7 (unlimited)']);
    expect(within(premiumCard()).queryByRole('button', { name: 'Go Premium' })).toBeNull();
    await user.click(within(premiumCard()).getByRole('button', { name: 'Manage subscription' }));
    await vi.waitFor(() => expect(leaveApp).toHaveBeenCalledWith('https://billing.stripe.test/p/session_1'));
  });

  it('tells a reader whose Premium was granted (no Stripe customer) that there is nothing to manage', async () => {
    usage = PREMIUM_USAGE;
    api.on({ 'POST /api/billing/portal': () => apiError(404, 'NOT_FOUND', 'x') });
    renderPlans();
    await screen.findByTestId('current-plan');
    await user.click(within(premiumCard()).getByRole('button', { name: 'Manage subscription' }));
    expect(
      await screen.findByText('There is no subscription to manage: your Premium was granted by the team.'),
    ).toBeTruthy();
    expect(leaveApp).not.toHaveBeenCalled();
  });
});
