import { describe, expect, it } from 'vitest';
import { pdfContentDisposition, pdfSlugFileName, pdfUnicodeFileName } from './pdf-file-name.js';

describe('the PDF file name', () => {
  it.each([
    ['Atomic Habits', 'atomic-habits.pdf'],
    ['Ação e Reação', 'acao-e-reacao.pdf'],
    ['¿Quién se ha llevado mi queso?', 'quien-se-ha-llevado-mi-queso.pdf'],
    ["Man's Search for Meaning", 'mans-search-for-meaning.pdf'],
    ['  Sapiens: A Brief History of Humankind  ', 'sapiens-a-brief-history-of-humankind.pdf'],
    ['1984', '1984.pdf'],
    ['ノルウェイの森', 'summary.pdf'],
    ['***', 'summary.pdf'],
  ])('slugs %j as %j', (title, slug) => {
    expect(pdfSlugFileName(title)).toBe(slug);
  });

  it('cuts a long slug at a word, within 80 characters', () => {
    const slug = pdfSlugFileName('The Extraordinarily Long Title '.repeat(10));
    expect(slug.length).toBeLessThanOrEqual(84);
    expect(slug).toMatch(/^the-extraordinarily-long-title-.*[a-z]\.pdf$/);
    expect(pdfSlugFileName('a'.repeat(200))).toBe(`${'a'.repeat(80)}.pdf`);
  });

  it('keeps the title in full Unicode for filename*, without characters a file system refuses', () => {
    expect(pdfUnicodeFileName('Ação e Reação')).toBe('Ação e Reação.pdf');
    expect(pdfUnicodeFileName('Yes/No: "Why?" <1|2>\\ \u0007')).toBe('Yes No Why 1 2.pdf');
    expect(pdfUnicodeFileName('/:*?')).toBe('summary.pdf');
    expect(pdfUnicodeFileName('é'.repeat(300))).toBe(`${'é'.repeat(120)}.pdf`);
    expect(pdfUnicodeFileName('👩‍👩‍👧'.repeat(130))).toBe(`${'👩‍👩‍👧'.repeat(120)}.pdf`);
  });

  it('names the attachment with the ASCII slug and the RFC 5987 UTF-8 title', () => {
    expect(pdfContentDisposition('Ação e Reação')).toBe(
      "attachment; filename=acao-e-reacao.pdf; filename*=UTF-8''A%C3%A7%C3%A3o%20e%20Rea%C3%A7%C3%A3o.pdf",
    );
    expect(pdfContentDisposition('Atomic Habits')).toBe(
      "attachment; filename=atomic-habits.pdf; filename*=UTF-8''Atomic%20Habits.pdf",
    );
  });
});
