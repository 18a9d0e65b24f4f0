import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { Toaster } from 'sonner';
import { downloadFixture } from '../../test/saved-files';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, offline } from '../../test/fake-api';
import { FICTION_SUMMARY } from '../../test/summary-fixture';
import { SummaryActions } from './summary-actions';
import { renderWithQueries } from '../../test/query-client';
import { englishUser } from '../../test/english-user';

const SUMMARY = FICTION_SUMMARY;

const PDF_BYTES = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d]);
const DISPOSITION =
  "attachment; filename=acao-e-reacao.pdf; filename*=UTF-8''A%C3%A7%C3%A3o%20e%20Rea%C3%A7%C3%A3o.pdf";

function pdfAnswer(disposition: string | null = DISPOSITION): Response {
  const headers = new Headers({ 'Content-Type': 'application/pdf' });
  if (disposition) headers.set('Content-Disposition', disposition);
  return new Response(PDF_BYTES, { status: 200, headers });
}

let user: UserEvent;
const downloads = downloadFixture('GET /api/summaries/:id/pdf', () => pdfAnswer());

beforeEach(() => {
  user = englishUser();
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

const pdfRequests = () => downloads.api.requests.filter(({ route }) => route.endsWith('/pdf'));

describe('Download PDF for a Premium reader', () => {
  it('downloads the server’s PDF with the reader’s session and saves it under the title', async () => {
    const button = renderActions(true);
    await user.click(button);
    await waitFor(() => expect(downloads.saved).toHaveLength(1));
    const [request] = pdfRequests();
    expect(request?.path).toBe('/api/summaries/sum-pt/pdf');
    expect(request?.headers.get('Authorization')).toBe('Bearer access-1');
    expect(request?.headers.get('Accept')).toBe('application/pdf');
    expect(downloads.saved[0]?.download).toBe('Ação e Reação.pdf');
    expect(downloads.saved[0]?.blob.type).toBe('application/pdf');
    const bytes = await downloads.saved[0]?.blob.arrayBuffer();
    expect(bytes && new Uint8Array(bytes)).toEqual(PDF_BYTES);
    expect(document.querySelector('a[download]')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('names the file after the title when the answer gives no name', async () => {
    downloads.answer = () => pdfAnswer(null);
    await user.click(renderActions(true));
    await waitFor(() =>
      expect(downloads.saved.map(({ download }) => download)).toEqual(['Ação e Reação.pdf']),
    );
  });

  it('shows that the PDF is being prepared, and asks only once meanwhile', async () => {
    let release: (response: Response) => void = () => undefined;
    downloads.answer = () => new Promise<Response>((resolve) => (release = resolve));
    const button = renderActions(true);
    await user.click(button);
    expect(await screen.findByRole('button', { name: 'Preparing the PDF…' })).toBe(button);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.getAttribute('aria-disabled')).toBe('true');
    await user.click(button);
    expect(pdfRequests()).toHaveLength(1);
    release(pdfAnswer());
    await waitFor(() => expect(downloads.saved).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBe(button);
    expect(button.getAttribute('aria-busy')).toBe('false');
  });

  it('says the download failed, with the server’s translated message', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    downloads.answer = () => apiError(500, 'INTERNAL_ERROR', 'Internal error. Please try again later.');
    await user.click(renderActions(true));
    await screen.findByText('Could not download the PDF.');
    expect(screen.getByText('Internal error. Please try again later.')).toBeTruthy();
    expect(downloads.saved).toEqual([]);
    expect(warn).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Download PDF' }).getAttribute('aria-busy')).toBe('false');
  });

  it('says the download failed when the network is down', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    downloads.answer = offline;
    await user.click(renderActions(true));
    await screen.findByText('Could not download the PDF.');
    expect(screen.getByText('Please try again in a moment.')).toBeTruthy();
  });

  it('shows the upgrade dialog when the server says the reader is not Premium', async () => {
    downloads.answer = () => apiError(403, 'PREMIUM_REQUIRED', 'This feature is available on Premium only.');
    await user.click(renderActions(true));
    const dialog = await screen.findByRole('dialog', { name: 'PDF export is a Premium feature' });
    expect(within(dialog).getByRole('link', { name: 'See Premium' }).getAttribute('href')).toBe('/plans');
    expect(downloads.saved).toEqual([]);
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
