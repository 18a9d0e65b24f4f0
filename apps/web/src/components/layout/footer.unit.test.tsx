import { translations } from '@summa/shared/i18n';
import type { Language } from '@summa/shared/languages';
import { act, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { Footer } from './footer';

function renderFooter(path = '/') {
  const router = createMemoryRouter([{ path: '*', Component: Footer }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
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

  it('carries the affiliate-store associate disclosure (spec §1)', () => {
    setLanguage('pt');
    renderFooter();
    expect(
      screen.getByText(
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
