import type { ReminderSettings, ReminderState } from '@summa/shared';
import { translations } from '@summa/shared/i18n';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast, Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { apiError, fakeApi, json, offline, type FakeApi, type FakeHandler } from '../../../test/fake-api';
import { testMe } from '../../../test/me-fixture';
import { renderSignedIn } from '../../../test/render-app';
import { testSession } from '../../../test/session-fixture';
import { ReminderSection } from './reminder-section';

let saved: ReminderState;
let api: FakeApi;

beforeEach(() => {
  saved = {
    enabled: false,
    time: '19:00',
    days: ['mon'],
    timeZone: 'America/Sao_Paulo',
    pushSubscriptions: 0,
  };
  api = fakeApi({
    'GET /api/me': () => json(testMe()),
    'GET /api/me/reminders': () => json(saved),
  });
});

afterEach(() => {
  toast.dismiss();
  vi.unstubAllGlobals();
});

/** In Spanish: the reminder turned on and saved, the save answered by `answer`. */
async function turnOnAndSave(answer: FakeHandler) {
  const user = userEvent.setup();
  const texts = translations.es.settings.reminders;
  setLanguage('es');
  api.on({ 'PUT /api/me/reminders': answer });
  renderSignedIn(
    testSession(),
    <>
      <ReminderSection />
      <Toaster />
    </>,
  );
  await user.click(await screen.findByLabelText(texts.enabled));
  const save = screen.getByRole('button', { name: texts.save });
  await user.click(save);
  return { user, save };
}

describe('the reminder section: a save that fails says why, in the reader’s language', () => {
  it('no answer at all: no connection', async () => {
    await turnOnAndSave(() => offline());
    const alert = await screen.findByText(translations.es.settings.account.offline);
    expect(alert.getAttribute('role')).toBe('alert');
  });

  it("the server's failure, cleared by a later save that works", async () => {
    let fail = true;
    const { user, save } = await turnOnAndSave(({ body }) => {
      if (fail) return apiError(500, 'INTERNAL_ERROR', 'boom');
      saved = { ...saved, ...(body as ReminderSettings) };
      return json(saved);
    });
    const alert = await screen.findByText(translations.es.errors.INTERNAL_ERROR);
    fail = false;
    await user.click(save);
    await screen.findByText(translations.es.settings.reminders.saved);
    expect(alert.isConnected && !alert.hidden).toBe(false);
    expect(saved.enabled).toBe(true);
  });
});
