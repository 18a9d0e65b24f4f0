import type { AdminUser } from '@summa/shared';
import { translations } from '@summa/shared/i18n';
import { render, screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { apiError, fakeApi, json, type FakeApi } from '../../test/fake-api';
import { clearAfterEach } from '../../test/route-fixture';
import { PremiumGrantsCard } from './premium-grants-card';
import { englishUser } from '../../test/english-user';

const en = translations.en.admin.premium;
const READER: AdminUser = {
  id: '6a1f1a0e-1111-4222-8333-444455556666',
  email: 'ana@example.com',
  fullName: 'Ana Reader',
  emailConfirmed: true,
  plan: 'free',
  subscription: null,
  grant: null,
};
const GRANTED: AdminUser = {
  ...READER,
  plan: 'premium',
  grant: { grantedAt: '2026-11-20T10:00:00.000Z', grantedBy: 'boss@example.com' },
};

let api: FakeApi;
let user: UserEvent;
let found: AdminUser | null;

beforeEach(() => {
  found = READER;
  api = fakeApi({
    'GET /api/admin/users': () => json({ user: found }),
    'POST /api/admin/users/:id/premium': () => json({ user: GRANTED }),
    'DELETE /api/admin/users/:id/premium': () => json({ user: READER }),
  });
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  user = englishUser();
});

clearAfterEach();

function renderCard() {
  render(
    <>
      <PremiumGrantsCard />
      <Toaster />
    </>,
  );
}

async function search(email: string) {
  await user.type(screen.getByLabelText(en.email), email);
  await user.click(screen.getByRole('button', { name: en.search }));
}

describe('admin: granted Premium', () => {
  it('finds an account by e-mail and shows its plan', async () => {
    renderCard();
    await search('Ana@Example.com');
    const account = await screen.findByTestId('premium-account');
    expect(within(account).getByText('ana@example.com')).not.toBeNull();
    expect(within(account).getByTestId('premium-plan').textContent).toBe(en.plans.free);
    expect(within(account).getByTestId('premium-grant').textContent).toBe(en.noGrant);
    expect(api.to('/api/admin/users')[0]?.url.searchParams.get('email')).toBe('Ana@Example.com');
  });

  it('says when no account has the e-mail', async () => {
    found = null;
    renderCard();
    await search('nobody@example.com');
    expect((await screen.findByRole('status')).textContent).toBe(en.notFound);
  });

  it('grants only after confirmation, then shows who granted it', async () => {
    renderCard();
    await search('ana@example.com');
    await user.click(await screen.findByRole('button', { name: en.grantAction }));
    const dialog = await screen.findByRole('dialog', { name: en.confirmGrantTitle });
    expect(dialog.textContent).toContain('ana@example.com');
    await user.click(within(dialog).getByRole('button', { name: en.cancel }));
    expect(api.to(`/api/admin/users/${READER.id}/premium`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: en.grantAction }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: en.confirm }));
    expect((await screen.findByTestId('premium-plan')).textContent).toBe(en.plans.premium);
    await screen.findByRole('button', { name: en.revokeAction });
    expect(screen.getByTestId('premium-grant').textContent).toContain('boss@example.com');
    expect(api.requests.map((request) => request.route)).toContain(
      `POST /api/admin/users/${READER.id}/premium`,
    );
    expect(await screen.findByText(en.granted)).not.toBeNull();
  });

  it('revokes after confirmation, in the admin’s language, and reports a refusal', async () => {
    setLanguage('pt');
    const pt = translations.pt.admin.premium;
    found = GRANTED;
    renderCard();
    await user.type(screen.getByLabelText(pt.email), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: pt.search }));
    api.on({ 'DELETE /api/admin/users/:id/premium': () => apiError(404, 'NOT_FOUND', 'Sem concessão.') });
    await user.click(await screen.findByRole('button', { name: pt.revokeAction }));
    const dialog = await screen.findByRole('dialog', { name: pt.confirmRevokeTitle });
    await user.click(within(dialog).getByRole('button', { name: pt.confirm }));
    expect(await screen.findByText(pt.actionFailed)).not.toBeNull();
    expect(screen.getByTestId('premium-plan').textContent).toBe(pt.plans.premium);
  });
});
