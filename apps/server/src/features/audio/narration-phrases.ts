import type { Language } from '@summa/shared';

/**
 * The words the narrator adds around a summary's own text, per language. Headings are written for
 * the ear (numbers in words, no symbols), so they differ a little from the page's headings.
 */
export interface NarrationPhrases {
  /** The opening line; `{title}` and `{author}` are replaced. */
  book: string;
  headings: {
    oneLiner: string;
    keyIdeas: string;
    recommendedFor: string;
    synopsis: string;
    themes: string;
    characters: string;
    writingStyle: string;
  };
  /** Said before the 1st, 2nd, … item of a list; the last item of a list of 3+ gets `finally`. */
  ordinals: readonly string[];
  finally: string;
  /** Joins the ends of a number range ("3-5" is read "3 a 5"). */
  rangeWord: string;
  /** The last part's closing line. */
  end: string;
}

export const NARRATION_PHRASES: Record<Language, NarrationPhrases> = {
  pt: {
    book: '{title}, de {author}.',
    headings: {
      oneLiner: 'Em uma frase.',
      keyIdeas: 'Ideias-chave.',
      recommendedFor: 'Para quem é este livro.',
      synopsis: 'Sinopse.',
      themes: 'Temas.',
      characters: 'Personagens.',
      writingStyle: 'Estilo de escrita.',
    },
    ordinals: ['Primeiro', 'Segundo', 'Terceiro', 'Quarto', 'Quinto', 'Sexto', 'Sétimo', 'Oitavo'],
    finally: 'Por fim',
    rangeWord: 'a',
    end: 'Fim do resumo.',
  },
  en: {
    book: '{title}, by {author}.',
    headings: {
      oneLiner: 'In one sentence.',
      keyIdeas: 'Key ideas.',
      recommendedFor: 'Who this book is for.',
      synopsis: 'Synopsis.',
      themes: 'Themes.',
      characters: 'Characters.',
      writingStyle: 'Writing style.',
    },
    ordinals: ['First', 'Second', 'Third', 'Fourth', 'Fifth', 'Sixth', 'Seventh', 'Eighth'],
    finally: 'Finally',
    rangeWord: 'to',
    end: 'End of the summary.',
  },
  es: {
    book: '{title}, de {author}.',
    headings: {
      oneLiner: 'En una frase.',
      keyIdeas: 'Ideas clave.',
      recommendedFor: 'Para quién es este libro.',
      synopsis: 'Sinopsis.',
      themes: 'Temas.',
      characters: 'Personajes.',
      writingStyle: 'Estilo de escritura.',
    },
    ordinals: ['Primero', 'Segundo', 'Tercero', 'Cuarto', 'Quinto', 'Sexto', 'Séptimo', 'Octavo'],
    finally: 'Por último',
    rangeWord: 'a',
    end: 'Fin del resumen.',
  },
};
