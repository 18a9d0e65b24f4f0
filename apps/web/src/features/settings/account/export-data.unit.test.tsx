import { screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { toast } from 'sonner';
import { captureSavedFiles, type SavedFile } from '../../../test/saved-files';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectApiAuth } from '../../../lib/api-client';
import { setLanguage } from '../../../lib/i18n';
import { apiError, fakeApi, type FakeApi } from '../../../test/fake-api';
import { renderAccount } from '../../../test/render-account';
import { exportFileName } from './account-api';
import { ExportData } from './export-data';

const EXPORT = JSON.stringify(
  {
    format: 'summa-export/1',
    exportedAt: '2026-03-10T12:00:00.000Z',
    userId: '5f0c7f3e-8a39-4d43-9d8b-2f1c3b9e6a01',
    tables: { users: [{ email: 'ana@example.com' }], user_summaries: [] },
  },
  null,
  2,
);

function exportAnswer(body = EXPORT): Response {
  return new Response(body, {
    headers: {
      'Content-Type': 'application/json',
      'Content-Disposition': 'attachment; filename="summa-export.json"',
    },
  });
}

let api: FakeApi;
let user: UserEvent;
let answer: () => Response | Promise<Response>;
let saved: SavedFile[];

beforeEach(() => {
  setLanguage('en');
  user = userEvent.setup();
  answer = () => exportAnswer();
  api = fakeApi({ 'GET /api/me/export': () => answer() });
  connectApiAuth({ accessToken: () => 'access-1', renewAfterUnauthorized: () => Promise.resolve(null) });
  saved = captureSavedFiles();
});

afterEach(() => {
  toast.dismiss();
  connectApiAuth(null);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const button = () => screen.getByRole('button', { name: 'Download my data' });

describe('Account: download my data', () => {
  it('names the file by the day: summa-export-YYYY-MM-DD.json', () => {
    expect(exportFileName(new Date(2026, 2, 7, 23, 30))).toBe('summa-export-2026-03-07.json');
    expect(exportFileName(new Date(2026, 11, 31, 0, 5))).toBe('summa-export-2026-12-31.json');
  });

  it('shows its progress, then saves the server’s JSON as it came, under the day’s name', async () => {
    let release: (response: Response) => void = () => undefined;
    answer = () => new Promise<Response>((resolve) => (release = resolve));
    renderAccount(<ExportData />);
    await user.click(button());
    await screen.findByText('Preparing your file…');
    expect(button().getAttribute('aria-busy')).toBe('true');
    // A second press while it is on its way asks for nothing more.
    await user.click(button());
    expect(api.to('/api/me/export')).toHaveLength(1);

    release(exportAnswer());
    await screen.findByText('Your data was downloaded.');
    const [request] = api.to('/api/me/export');
    expect(request?.method).toBe('GET');
    expect(request?.headers.get('Authorization')).toBe('Bearer access-1');
    expect(request?.headers.get('Accept')).toBe('application/json');
    expect(saved.map(({ download }) => download)).toEqual([exportFileName()]);
    expect(await saved[0]?.blob.text()).toBe(EXPORT);
    expect(saved[0]?.blob.type).toBe('application/json');
    expect(screen.queryByText('Preparing your file…')).toBeNull();
    expect(button().getAttribute('aria-busy')).toBe('false');
  });

  it('says why when the server refuses, and saves nothing', async () => {
    answer = () => apiError(429, 'RATE_LIMITED', 'from the server');
    renderAccount(<ExportData />);
    await user.click(button());
    await screen.findByText('Too many attempts. Please wait a little and try again.');
    expect(saved).toEqual([]);
  });

  it('saves nothing that is not an export (a proxy’s page, say)', async () => {
    answer = () => exportAnswer('<html>Bad gateway</html>');
    renderAccount(<ExportData />);
    await user.click(button());
    await screen.findByText('Internal error. Please try again later.');
    await waitFor(() => expect(button().getAttribute('aria-busy')).toBe('false'));
    expect(saved).toEqual([]);
  });
});
