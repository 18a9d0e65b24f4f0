import { defineMessages } from '../define-messages.js';

/** The admin screens' own texts (their headings live in `pages`). */
export const admin = defineMessages({
  pt: {
    populateBooks: {
      description:
        'Lê de novo o catálogo que acompanha o Summa e grava os livros novos ou alterados. Os que não mudaram ficam como estão.',
      run: 'Importar catálogo',
      running: 'Importando…',
      resultTitle: 'Resultado da importação',
      total: 'Livros no catálogo',
      inserted: 'Novos',
      updated: 'Atualizados',
      unchanged: 'Sem mudanças',
      done: 'Catálogo importado',
      doneDetail: '{{inserted}} novos, {{updated}} atualizados, {{unchanged}} sem mudanças.',
      failed: 'Não foi possível importar o catálogo',
    },
  },
  en: {
    populateBooks: {
      description:
        'Reads the catalog shipped with Summa again and writes new or changed books. Books that did not change are left as they are.',
      run: 'Import catalog',
      running: 'Importing…',
      resultTitle: 'Import result',
      total: 'Books in the catalog',
      inserted: 'New',
      updated: 'Updated',
      unchanged: 'Unchanged',
      done: 'Catalog imported',
      doneDetail: '{{inserted}} new, {{updated}} updated, {{unchanged}} unchanged.',
      failed: 'Could not import the catalog',
    },
  },
  es: {
    populateBooks: {
      description:
        'Vuelve a leer el catálogo incluido en Summa y guarda los libros nuevos o modificados. Los que no cambiaron quedan como están.',
      run: 'Importar catálogo',
      running: 'Importando…',
      resultTitle: 'Resultado de la importación',
      total: 'Libros en el catálogo',
      inserted: 'Nuevos',
      updated: 'Actualizados',
      unchanged: 'Sin cambios',
      done: 'Catálogo importado',
      doneDetail: '{{inserted}} nuevos, {{updated}} actualizados, {{unchanged}} sin cambios.',
      failed: 'No se pudo importar el catálogo',
    },
  },
});
