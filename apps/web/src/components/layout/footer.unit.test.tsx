import { translations } from '@summa/shared/i18n';
import type { Language } from '@summa/shared/languages';
import { act, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { fakeApi, json } from '../../test/fake-api';
import { renderWithQueries } from '../../test/query-client';
import { Footer } from './footer';

/** The server's AMAZON_ASSOCIATE_TAG, as GET /api/status gives it. */
let tag: string | null;
let statusReads: () => number;

beforeEach(() => {
  tag = 'summa-20';
  const api = fakeApi({
    'GET /api/status': () =>
      json({ llm: { provider: 'local', model: 'm', state: 'ready' }, amazonAssociateTag: tag }),
  });
  statusReads = () => api.to('/api/status').length;
});

function renderFooter(path = '/') {
  const router = createMemoryRouter([{ path: '*', Component: Footer }], { initialEntries: [path] });
  renderWithQueries(<RouterProvider router={router} />);
}

/** The footer's links as the reader sees them: name and address. */
function footerLinks(language: Language) {
  const nav = screen.getByRole('navigation', { name: translations[language].common.footer.navLabel });
  return within(nav)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
}

afterEach(() => {
  setLanguage('pt');
  vi.unstubAllGlobals();
});

describe('Footer', () => {
  it('links to the terms, privacy, FAQ and contact pages in Portuguese (spec §2)', () => {
    setLanguage('pt');
    renderFooter();
    expect(footerLinks('pt')).toEqual([
      ['Termos de uso', '/terms'],
      ['Privacidade', '/privacy'],
      ['Perguntas frequentes', '/faq'],
      ['Contato', '/contact'],
    ]);
  });

  it('keeps the same addresses on a language landing page, with the texts in English', () => {
    setLanguage('en');
    renderFooter('/en');
    expect(footerLinks('en')).toEqual([
      ['Terms of use', '/terms'],
      ['Privacy', '/privacy'],
      ['FAQ', '/faq'],
      ['Contact', '/contact'],
    ]);
  });

  it('carries the affiliate-store associate disclosure (spec §1) when the server has an associate tag', async () => {
    setLanguage('pt');
    renderFooter();
    expect(
      await screen.findByText(
        'Como associado da Amazon, o Summa recebe por compras qualificadas feitas pelos links de livros.',
      ),
    ).toBeTruthy();

    act(() => {
      setLanguage('es');
    });
    expect(
      screen.getByText(
        'Como afiliado de Amazon, Summa recibe ingresos por las compras que cumplen los requisitos hechas desde los enlaces de libros.',
      ),
    ).toBeTruthy();
  });

  it('discloses no affiliate links where there are none: the server has no associate tag (issue 23)', async () => {
    tag = null;
    setLanguage('en');
    renderFooter();
    await vi.waitFor(() => expect(statusReads()).toBe(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.getByText('Terms of use')).toBeTruthy();
    expect(screen.queryByTestId('affiliate-disclosure')).toBeNull();
    expect(screen.queryByText(/Amazon/)).toBeNull();
  });

  it("labels the version 'Versão 2.0' on small screens only (spec §1)", () => {
    setLanguage('pt');
    renderFooter();
    const label = screen.getByText('Versão 2.0');
    // Tailwind's sm:hidden hides it from the sm breakpoint up; nothing hides it below that.
    expect(label.classList.contains('sm:hidden')).toBe(true);
    expect([...label.classList].filter((name) => name.endsWith('hidden'))).toEqual(['sm:hidden']);

    act(() => {
      setLanguage('en');
    });
    expect(screen.getByText('Version 2.0')).toBe(label);
  });

  it('shows the current year in the copyright line', () => {
    setLanguage('en');
    renderFooter();
    expect(screen.getByText(`© ${new Date().getFullYear()} Summa. All rights reserved.`)).toBeTruthy();
  });
});
