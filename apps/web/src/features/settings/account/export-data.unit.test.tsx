import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { downloadFixture } from '../../../test/saved-files';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiError } from '../../../test/fake-api';
import { renderAccount } from '../../../test/render-account';
import { exportFileName } from './account-api';
import { ExportData } from './export-data';
import { englishUser } from '../../../test/english-user';

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

let user: UserEvent;
const downloads = downloadFixture('GET /api/me/export', () => exportAnswer());

beforeEach(() => {
  user = englishUser();
});

const button = () => screen.getByRole('button', { name: 'Download my data' });

describe('Account: download my data', () => {
  it('names the file by the day: summa-export-YYYY-MM-DD.json', () => {
    expect(exportFileName(new Date(2026, 2, 7, 23, 30))).toBe('summa-export-2026-03-07.json');
    expect(exportFileName(new Date(2026, 11, 31, 0, 5))).toBe('summa-export-2026-12-31.json');
  });

  it('shows its progress, then saves the server’s JSON as it came, under the day’s name', async () => {
    let release: (response: Response) => void = () => undefined;
    downloads.answer = () => new Promise<Response>((resolve) => (release = resolve));
    renderAccount(<ExportData />);
    await user.click(button());
    await screen.findByText('Preparing your file…');
    expect(button().getAttribute('aria-busy')).toBe('true');
    // A second press while it is on its way asks for nothing more.
    await user.click(button());
    expect(downloads.api.to('/api/me/export')).toHaveLength(1);

    release(exportAnswer());
    await screen.findByText('Your data was downloaded.');
    const [request] = downloads.api.to('/api/me/export');
    expect(request?.method).toBe('GET');
    expect(request?.headers.get('Authorization')).toBe('Bearer access-1');
    expect(request?.headers.get('Accept')).toBe('application/json');
    expect(downloads.saved.map(({ download }) => download)).toEqual([exportFileName()]);
    expect(await downloads.saved[0]?.blob.text()).toBe(EXPORT);
    expect(downloads.saved[0]?.blob.type).toBe('application/json');
    expect(screen.queryByText('Preparing your file…')).toBeNull();
    expect(button().getAttribute('aria-busy')).toBe('false');
  });

  it('says why when the server refuses, and saves nothing', async () => {
    downloads.answer = () => apiError(429, 'RATE_LIMITED', 'from the server');
    renderAccount(<ExportData />);
    await user.click(button());
    await screen.findByText('Too many attempts. Please wait a little and try again.');
    expect(downloads.saved).toEqual([]);
  });

  it('saves nothing that is not an export (a proxy’s page, say)', async () => {
    downloads.answer = () => exportAnswer('<html>Bad gateway</html>');
    renderAccount(<ExportData />);
    await user.click(button());
    await screen.findByText('Internal error. Please try again later.');
    await waitFor(() => expect(button().getAttribute('aria-busy')).toBe('false'));
    expect(downloads.saved).toEqual([]);
  });
});
