import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { toast, Toaster } from 'sonner';
import { captureSavedFiles, type SavedFile } from '../../test/saved-files';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectApiAuth } from '../../lib/api-client';
import { setLanguage } from '../../lib/i18n';
import { apiError, fakeApi, offline, type FakeApi } from '../../test/fake-api';
import { FICTION_SUMMARY } from '../../test/summary-fixture';
import { SummaryActions } from './summary-actions';
import { renderWithQueries } from '../../test/query-client';

const SUMMARY = FICTION_SUMMARY;

const PDF_BYTES = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d]);
const DISPOSITION =
  "attachment; filename=acao-e-reacao.pdf; filename*=UTF-8''A%C3%A7%C3%A3o%20e%20Rea%C3%A7%C3%A3o.pdf";

function pdfAnswer(disposition: string | null = DISPOSITION): Response {
  const headers = new Headers({ 'Content-Type': 'application/pdf' });
  if (disposition) headers.set('Content-Disposition', disposition);
  return new Response(PDF_BYTES, { status: 200, headers });
}

let api: FakeApi;
let answer: () => Response | Promise<Response>;
let user: UserEvent;
let saved: SavedFile[];

beforeEach(() => {
  setLanguage('en');
  user = userEvent.setup();
  answer = () => pdfAnswer();
  api = fakeApi({ 'GET /api/summaries/:id/pdf': () => answer() });
  connectApiAuth({ accessToken: () => 'access-1', renewAfterUnauthorized: () => Promise.resolve(null) });
  saved = captureSavedFiles();
});

afterEach(() => {
  toast.dismiss();
  connectApiAuth(null);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderActions(premium: boolean) {
  renderWithQueries(
    <MemoryRouter>
      <SummaryActions summary={SUMMARY} premium={premium} />
      <Toaster />
    </MemoryRouter>,
  );
  return screen.getByRole('button', { name: 'Download PDF' });
}

const pdfRequests = () => api.requests.filter(({ route }) => route.endsWith('/pdf'));

describe('Download PDF for a Premium reader', () => {
  it('downloads the server’s PDF with the reader’s session and saves it under the title', async () => {
    const button = renderActions(true);
    await user.click(button);
    await waitFor(() => expect(saved).toHaveLength(1));
    const [request] = pdfRequests();
    expect(request?.path).toBe('/api/summaries/sum-pt/pdf');
    expect(request?.headers.get('Authorization')).toBe('Bearer access-1');
    expect(request?.headers.get('Accept')).toBe('application/pdf');
    expect(saved[0]?.download).toBe('Ação e Reação.pdf');
    expect(saved[0]?.blob.type).toBe('application/pdf');
    const bytes = await saved[0]?.blob.arrayBuffer();
    expect(bytes && new Uint8Array(bytes)).toEqual(PDF_BYTES);
    expect(document.querySelector('a[download]')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('names the file after the title when the answer gives no name', async () => {
    answer = () => pdfAnswer(null);
    await user.click(renderActions(true));
    await waitFor(() => expect(saved.map(({ download }) => download)).toEqual(['Ação e Reação.pdf']));
  });

  it('shows that the PDF is being prepared, and asks only once meanwhile', async () => {
    let release: (response: Response) => void = () => undefined;
    answer = () => new Promise<Response>((resolve) => (release = resolve));
    const button = renderActions(true);
    await user.click(button);
    expect(await screen.findByRole('button', { name: 'Preparing the PDF…' })).toBe(button);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.getAttribute('aria-disabled')).toBe('true');
    await user.click(button);
    expect(pdfRequests()).toHaveLength(1);
    release(pdfAnswer());
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBe(button);
    expect(button.getAttribute('aria-busy')).toBe('false');
  });

  it('says the download failed, with the server’s translated message', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    answer = () => apiError(500, 'INTERNAL_ERROR', 'Internal error. Please try again later.');
    await user.click(renderActions(true));
    await screen.findByText('Could not download the PDF.');
    expect(screen.getByText('Internal error. Please try again later.')).toBeTruthy();
    expect(saved).toEqual([]);
    expect(warn).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Download PDF' }).getAttribute('aria-busy')).toBe('false');
  });

  it('says the download failed when the network is down', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    answer = offline;
    await user.click(renderActions(true));
    await screen.findByText('Could not download the PDF.');
    expect(screen.getByText('Please try again in a moment.')).toBeTruthy();
  });

  it('shows the upgrade dialog when the server says the reader is not Premium', async () => {
    answer = () => apiError(403, 'PREMIUM_REQUIRED', 'This feature is available on Premium only.');
    await user.click(renderActions(true));
    const dialog = await screen.findByRole('dialog', { name: 'PDF export is a Premium feature' });
    expect(within(dialog).getByRole('link', { name: 'See Premium' }).getAttribute('href')).toBe('/plans');
    expect(saved).toEqual([]);
    expect(screen.queryByText('Could not download the PDF.')).toBeNull();
  });
});

describe('Download PDF for a free reader', () => {
  it('opens the upgrade dialog and asks the server nothing', async () => {
    await user.click(renderActions(false));
    await screen.findByRole('dialog', { name: 'PDF export is a Premium feature' });
    expect(pdfRequests()).toEqual([]);
  });
});
