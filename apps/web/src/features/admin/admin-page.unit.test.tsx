import type { AdminStatusResponse } from '@summa/shared';
import { translations } from '@summa/shared/i18n';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { apiError, fakeApi, json, type FakeApi } from '../../test/fake-api';
import { MemoryRouter } from 'react-router';
import { AdminPage } from './admin-page';
import { renderWithQueries } from '../../test/query-client';

const en = translations.en.admin.model;
let answer: () => Response;
let api: FakeApi;

const status = (llm: AdminStatusResponse['llm']) => () => json({ llm });

beforeEach(() => {
  setLanguage('en');
  api = fakeApi({ 'GET /api/admin/status': () => answer() });
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('admin: the summary model', () => {
  it('shows the exact cause and what to do when the model cannot run', async () => {
    answer = status({
      provider: 'local',
      model: 'hf:bartowski/Qwen2.5-1.5B-Instruct-GGUF:Q4_K_M',
      state: 'error',
      error: 'The local model … is unavailable: could not find or download the model file (fetch failed).',
      errorKind: 'download',
      modelsDir: '/srv/summa/data/models',
    });
    renderWithQueries(
      <MemoryRouter>
        <AdminPage />
      </MemoryRouter>,
    );
    const card = await screen.findByRole('region', { name: en.title });
    const failure = await within(card).findByTestId('model-error');
    expect(failure.textContent).toContain('could not find or download the model file (fetch failed)');
    expect(failure.textContent).toContain(`${en.whatToDo}: ${en.advice.download}`);
    expect(failure.textContent).toContain(en.retryNote);
    expect(within(card).getByTestId('model-state').textContent).toBe(en.states.error);
    expect(within(card).getByText('/srv/summa/data/models')).not.toBeNull();
    expect(api.requests.map((request) => request.route)).toEqual(['GET /api/admin/status']);
  });

  it('shows a download as it goes, in the admin language', async () => {
    setLanguage('pt');
    answer = status({
      provider: 'local',
      model: 'hf:x/y:Q4_K_M',
      state: 'downloading',
      downloadProgress: 0.25,
      downloadedBytes: 279_250_000,
      totalBytes: 1_117_000_000,
      modelsDir: '/data/models',
    });
    renderWithQueries(
      <MemoryRouter>
        <AdminPage />
      </MemoryRouter>,
    );
    const state = await screen.findByTestId('model-state');
    expect(state.textContent).toBe('Baixando · 25% (279 de 1.117 MB)');
    expect(screen.queryByTestId('model-error')).toBeNull();
  });

  it('refreshes on demand, and says so when the state cannot be read', async () => {
    answer = () => apiError(403, 'FORBIDDEN');
    renderWithQueries(
      <MemoryRouter>
        <AdminPage />
      </MemoryRouter>,
    );
    expect((await screen.findByRole('alert')).textContent).toBe(en.loadFailed);
    answer = status({ provider: 'openai', model: 'gpt-4o-mini', state: 'ready' });
    await userEvent.click(screen.getByRole('button', { name: en.refresh }));
    expect((await screen.findByTestId('model-state')).textContent).toBe(en.states.ready);
  });
});
