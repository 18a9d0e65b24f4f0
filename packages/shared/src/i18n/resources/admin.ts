import { defineMessages } from '../define-messages.js';

/** The admin screens' own texts (their headings live in `pages`). */
export const admin = defineMessages({
  pt: {
    populateBooks: {
      description:
        'Lê de novo o catálogo que acompanha o Summa e grava os livros novos ou alterados. Os que não mudaram ficam como estão, e os que um administrador editou no app são mantidos.',
      run: 'Importar catálogo',
      running: 'Importando…',
      resultTitle: 'Resultado da importação',
      total: 'Livros no catálogo',
      inserted: 'Novos',
      updated: 'Atualizados',
      unchanged: 'Sem mudanças',
      kept: 'Mantidos (editados no app)',
      done: 'Catálogo importado',
      doneDetail: '{{inserted}} novos, {{updated}} atualizados, {{unchanged}} sem mudanças.',
      doneKept_one: '{{count}} editado no app foi mantido.',
      doneKept_other: '{{count}} editados no app foram mantidos.',
      failed: 'Não foi possível importar o catálogo',
    },
  },
  en: {
    populateBooks: {
      description:
        'Reads the catalog shipped with Summa again and writes new or changed books. Books that did not change are left as they are, and books an admin edited in the app are kept.',
      run: 'Import catalog',
      running: 'Importing…',
      resultTitle: 'Import result',
      total: 'Books in the catalog',
      inserted: 'New',
      updated: 'Updated',
      unchanged: 'Unchanged',
      kept: 'Kept (edited in the app)',
      done: 'Catalog imported',
      doneDetail: '{{inserted}} new, {{updated}} updated, {{unchanged}} unchanged.',
      doneKept_one: '{{count}} edited in the app was kept.',
      doneKept_other: '{{count}} edited in the app were kept.',
      failed: 'Could not import the catalog',
    },
  },
  es: {
    populateBooks: {
      description:
        'Vuelve a leer el catálogo incluido en Summa y guarda los libros nuevos o modificados. Los que no cambiaron quedan como están, y los que un administrador editó en la app se conservan.',
      run: 'Importar catálogo',
      running: 'Importando…',
      resultTitle: 'Resultado de la importación',
      total: 'Libros en el catálogo',
      inserted: 'Nuevos',
      updated: 'Actualizados',
      unchanged: 'Sin cambios',
      kept: 'Conservados (editados en la app)',
      done: 'Catálogo importado',
      doneDetail: '{{inserted}} nuevos, {{updated}} actualizados, {{unchanged}} sin cambios.',
      doneKept_one: '{{count}} editado en la app se conservó.',
      doneKept_other: '{{count}} editados en la app se conservaron.',
      failed: 'No se pudo importar el catálogo',
    },
  },
});
