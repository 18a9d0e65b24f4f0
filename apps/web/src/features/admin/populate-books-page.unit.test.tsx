import type { CatalogImportResponse } from '@summa/shared';
import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { toast, Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { apiError, fakeApi, json, offline, type FakeApi } from '../../test/fake-api';
import { PopulateBooksPage } from './populate-books-page';
import { renderWithQueries } from '../../test/query-client';
import { englishUser } from '../../test/english-user';

const COUNTS: CatalogImportResponse = { total: 1304, inserted: 3, updated: 1, unchanged: 1300, kept: 0 };

/** What the next import answers; a promise lets a test hold the answer back. */
let answer: () => Response | Promise<Response>;
let api: FakeApi;

let user: UserEvent;

beforeEach(() => {
  api = fakeApi({ 'POST /api/admin/catalog/import': () => answer() });
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  user = englishUser();
  answer = () => json(COUNTS);
});

afterEach(() => {
  toast.dismiss();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderPage() {
  renderWithQueries(
    <>
      <PopulateBooksPage />
      <Toaster />
    </>,
  );
}

const importButton = () =>
  screen.getByRole<HTMLButtonElement>('button', { name: /Import catalog|Importing/ });

describe('populate books', () => {
  it('shows its translated heading and the import button', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Import catalog');
    expect(importButton().disabled).toBe(false);
    expect(screen.queryByTestId('import-result')).toBeNull();
  });

  it('imports with a loading state, then shows the counts and a success toast', async () => {
    let release: (response: Response) => void = () => undefined;
    answer = () => new Promise((resolve) => (release = resolve));
    renderPage();
    await user.click(importButton());

    expect(importButton().textContent).toBe('Importing…');
    expect(importButton().disabled).toBe(true);
    expect(importButton().getAttribute('aria-busy')).toBe('true');
    await user.click(importButton());
    expect(api.requests).toHaveLength(1);
    expect(api.requests[0]?.method).toBe('POST');
    expect(api.requests[0]?.path).toBe('/api/admin/catalog/import');

    release(json(COUNTS));
    const result = await screen.findByTestId('import-result');
    expect(within(result).getByTestId('import-total').textContent).toBe('Books in the catalog1,304');
    expect(within(result).getByTestId('import-inserted').textContent).toBe('New3');
    expect(within(result).getByTestId('import-updated').textContent).toBe('Updated1');
    expect(within(result).getByTestId('import-unchanged').textContent).toBe('Unchanged1,300');
    expect(within(result).getByTestId('import-kept').textContent).toBe('Kept (edited in the app)0');
    expect(importButton().textContent).toBe('Import catalog');
    expect(importButton().disabled).toBe(false);

    const success = await screen.findByText('Catalog imported');
    expect(success.closest('[data-sonner-toast]')?.getAttribute('data-type')).toBe('success');
    expect(screen.getByText('3 new, 1 updated, 1,300 unchanged.')).not.toBeNull();
  });

  it('says how many books an admin edited were kept, in the result and the toast', async () => {
    setLanguage('es');
    answer = () => json({ total: 1304, inserted: 0, updated: 2, unchanged: 1300, kept: 2 });
    renderPage();
    await user.click(screen.getByRole('button', { name: 'Importar catálogo' }));
    const result = await screen.findByTestId('import-result');
    expect(within(result).getByTestId('import-kept').textContent).toBe('Conservados (editados en la app)2');
    expect(
      await screen.findByText(
        '0 nuevos, 2 actualizados, 1300 sin cambios. 2 editados en la app se conservaron.',
      ),
    ).not.toBeNull();
  });

  it("shows a refusal as a destructive toast with the server's translated message", async () => {
    answer = () => apiError(403, 'FORBIDDEN', 'You are not allowed to do that.');
    renderPage();
    await user.click(importButton());
    const failure = await screen.findByText('Could not import the catalog');
    expect(failure.closest('[data-sonner-toast]')?.getAttribute('data-type')).toBe('error');
    expect(screen.getByText('You are not allowed to do that.')).not.toBeNull();
    expect(screen.queryByTestId('import-result')).toBeNull();
    expect(importButton().disabled).toBe(false);
  });

  it('falls back to a translated message when no answer came back', async () => {
    setLanguage('pt');
    answer = offline;
    renderPage();
    await user.click(screen.getByRole('button', { name: 'Importar catálogo' }));
    await screen.findByText('Não foi possível importar o catálogo');
    expect(screen.getByText('Tente novamente em instantes.')).not.toBeNull();
  });
});
