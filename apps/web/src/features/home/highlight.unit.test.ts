import { describe, expect, it } from 'vitest';
import { highlightSegments } from './highlight';

const marked = (text: string, query: string) =>
  highlightSegments(text, query)
    .filter((segment) => segment.match)
    .map((segment) => segment.text);

describe('highlightSegments', () => {
  it('marks the typed part ignoring case', () => {
    expect(highlightSegments('Atomic Habits', 'hab')).toEqual([
      { text: 'Atomic ', match: false },
      { text: 'Hab', match: true },
      { text: 'its', match: false },
    ]);
  });

  it('ignores accents on either side and keeps the original characters', () => {
    expect(marked('Hábitos Atômicos', 'habitos')).toEqual(['Hábitos']);
    expect(marked('Habitos Atomicos', 'atômi')).toEqual(['Atomi']);
  });

  it('marks each typed word and every occurrence', () => {
    expect(marked('O Poder do Hábito', 'poder habito')).toEqual(['Poder', 'Hábito']);
    expect(marked('Dune Messiah of Dune', 'dune')).toEqual(['Dune', 'Dune']);
  });

  it('handles decomposed accents in the title', () => {
    const decomposed = 'Ha\u0301bitos';
    expect(marked(decomposed, 'habi')).toEqual(['Ha\u0301bi']);
  });

  it('marks what the server found: apostrophes and punctuation fold as in its search', () => {
    expect(marked("Man's Search for Meaning", 'mans')).toEqual(["Man's"]);
    expect(marked("Man's Search for Meaning", "man's sea")).toEqual(["Man's Sea"]);
    expect(marked('Rich Dad, Poor Dad', 'dad poor')).toEqual(['Dad, Poor', 'Dad']);
    expect(marked('Ｆｕｌｌ ﬁnance', 'fin')).toEqual(['ﬁn']);
  });

  it('returns the plain text when nothing matches or the query is blank', () => {
    expect(highlightSegments('Sapiens', 'xyz')).toEqual([{ text: 'Sapiens', match: false }]);
    expect(highlightSegments('Sapiens', '   ')).toEqual([{ text: 'Sapiens', match: false }]);
  });
});
