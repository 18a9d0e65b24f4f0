import { translations } from '@summa/shared/i18n';
import { LANGUAGES } from '@summa/shared/languages';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { PrivacyPage } from './privacy-page';

/** The LGPD art. 18 rights the page explains, as each language names them. */
const RIGHTS = {
  pt: ['Acesso e confirmação', 'Correção', 'Portabilidade', 'Eliminação', 'Informação'],
  en: ['Access and confirmation', 'Correction', 'Portability', 'Deletion', 'Information'],
  es: ['Acceso y confirmación', 'Corrección', 'Portabilidad', 'Eliminación', 'Información'],
} as const;

function section(name: string): string {
  const heading = screen.getByRole('heading', { level: 2, name });
  return heading.closest('section')?.textContent ?? '';
}

describe.each(LANGUAGES)('the privacy page in %s', (language) => {
  const texts = translations[language];
  const account = texts.settings.account;
  const sections = texts.legal.privacy.sections;

  beforeEach(() => {
    setLanguage(language);
    render(
      <MemoryRouter>
        <PrivacyPage />
      </MemoryRouter>,
    );
  });

  it('says what is kept after an account is deleted, and for how long', () => {
    const retention = section(sections.retention.title);
    // What deleting keeps: the shared summaries and audio, anonymous counts, what the law requires.
    expect(retention).toMatch(/6 (meses|months)/);
    expect(retention).toMatch(/30 (dias|days|días)/);
    expect(retention).toMatch(/5 (anos|years|años)/);
    expect(retention).toContain('Premium');
    expect(retention).toContain(account.title);
  });

  it("says how to use each LGPD art. 18 right, naming the Account section's own buttons", () => {
    const rights = section(sections.rights.title);
    expect(rights).toContain('art. 18');
    expect(rights).toContain(account.title);
    // Access and portability: the export; deletion: the delete button; the devices list.
    expect(rights).toContain(account.export.button);
    expect(rights).toContain(account.delete.button);
    expect(rights).toContain(account.sessions.title);
    // One paragraph per right, each starting with its name.
    const paragraphs = [
      ...(screen
        .getByRole('heading', { level: 2, name: sections.rights.title })
        .closest('section')
        ?.querySelectorAll('p') ?? []),
    ].map((paragraph) => paragraph.textContent);
    for (const right of RIGHTS[language]) {
      expect(paragraphs.some((paragraph) => paragraph.startsWith(`${right}:`))).toBe(true);
    }
    expect(rights).toContain('ANPD');
  });

  it('leads to the Account section of Settings, where those rights are used', () => {
    const link = screen.getByRole('link', { name: texts.legal.privacy.accountCta });
    expect(link.getAttribute('href')).toBe('/settings#account');
  });
});
