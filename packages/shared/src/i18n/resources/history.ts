import { defineMessages } from '../define-messages.js';

/** The history page: the reader's summaries, newest first, with search and the free plan's cut. */
export const history = defineMessages({
  pt: {
    searchLabel: 'Buscar no histórico',
    searchPlaceholder: 'Título ou autor',
    listLabel: 'Seus resumos',
    count_one: '{{count}} resumo',
    count_other: '{{count}} resumos',
    languageLabel: 'Idioma: {{language}}',
    lastSeen: 'Visto por último em {{date}}',
    removed: 'Este resumo foi removido pela equipe do Summa e não pode mais ser aberto.',
    empty: {
      title: 'Você ainda não gerou nenhum resumo',
      body: 'Busque um livro e receba o essencial dele em uma página.',
      cta: 'Gerar meu primeiro resumo',
    },
    noResults: {
      title: 'Nenhum resumo encontrado',
      body: 'Nada no seu histórico corresponde a “{{query}}”. Tente outro título ou autor.',
      clear: 'Limpar busca',
    },
    error: {
      title: 'Não foi possível carregar o histórico',
      body: 'Verifique sua conexão e tente novamente.',
      retry: 'Tentar novamente',
    },
    limited: {
      body: 'No plano Gratuito, o histórico mostra os seus {{limit}} resumos mais recentes.',
      cta: 'Ver tudo com o Premium',
    },
  },
  en: {
    searchLabel: 'Search your history',
    searchPlaceholder: 'Title or author',
    listLabel: 'Your summaries',
    count_one: '{{count}} summary',
    count_other: '{{count}} summaries',
    languageLabel: 'Language: {{language}}',
    lastSeen: 'Last seen on {{date}}',
    removed: 'This summary was removed by the Summa team and can no longer be opened.',
    empty: {
      title: 'You have not generated any summaries yet',
      body: 'Search for a book and get its essentials on one page.',
      cta: 'Generate my first summary',
    },
    noResults: {
      title: 'No summaries found',
      body: 'Nothing in your history matches “{{query}}”. Try another title or author.',
      clear: 'Clear search',
    },
    error: {
      title: 'Could not load your history',
      body: 'Check your connection and try again.',
      retry: 'Try again',
    },
    limited: {
      body: 'On the Free plan, your history shows your {{limit}} most recent summaries.',
      cta: 'See them all with Premium',
    },
  },
  es: {
    searchLabel: 'Buscar en el historial',
    searchPlaceholder: 'Título o autor',
    listLabel: 'Tus resúmenes',
    count_one: '{{count}} resumen',
    count_other: '{{count}} resúmenes',
    languageLabel: 'Idioma: {{language}}',
    lastSeen: 'Visto por última vez el {{date}}',
    removed: 'El equipo de Summa quitó este resumen y ya no se puede abrir.',
    empty: {
      title: 'Todavía no generaste ningún resumen',
      body: 'Busca un libro y recibe lo esencial en una página.',
      cta: 'Generar mi primer resumen',
    },
    noResults: {
      title: 'No se encontraron resúmenes',
      body: 'Nada en tu historial coincide con “{{query}}”. Prueba con otro título o autor.',
      clear: 'Borrar búsqueda',
    },
    error: {
      title: 'No se pudo cargar el historial',
      body: 'Revisa tu conexión e inténtalo de nuevo.',
      retry: 'Intentar de nuevo',
    },
    limited: {
      body: 'En el plan Gratis, el historial muestra tus {{limit}} resúmenes más recientes.',
      cta: 'Ver todo con Premium',
    },
  },
});
