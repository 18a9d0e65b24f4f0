import { defineMessages } from '../define-messages.js';

/** The /profile page. */
export const profile = defineMessages({
  pt: {
    noNickname: 'Sem apelido',
    noNicknameHint: 'No ranking você aparece como leitor anônimo até escolher um apelido.',
    edit: 'Editar perfil',
    premium: 'Premium',
    level: {
      heading: 'Nível',
      xp: '{{xp}} XP',
      next: 'Faltam {{remaining}} XP para {{level}}',
      max: 'Nível máximo',
      progressLabel: 'Progresso até o próximo nível',
    },
    stats: {
      heading: 'Sua leitura',
      booksRead: 'Livros lidos',
      summariesGenerated: 'Resumos gerados',
      currentStreak: 'Sequência atual',
      longestStreak: 'Maior sequência',
      days_one: '{{count}} dia',
      days_other: '{{count}} dias',
      todayDone: 'Hoje já conta.',
      todayPending: 'Leia ou gere um resumo hoje para manter a sequência.',
      freezes: 'Proteções de sequência',
      freezesValue: '{{count}} de {{max}}',
      freezesHelp:
        'Você ganha uma proteção a cada {{every}} dias de sequência e pode guardar até {{max}}. Se perder um dia, uma proteção é usada automaticamente e a sequência continua.',
    },
    achievements: {
      heading: 'Conquistas desbloqueadas',
      link: 'Ver conquistas',
    },
    error: {
      title: 'Não foi possível carregar seu perfil',
      body: 'Verifique sua conexão e tente de novo.',
      retry: 'Tentar novamente',
    },
  },
  en: {
    noNickname: 'No nickname',
    noNicknameHint: 'The ranking shows you as an anonymous reader until you choose a nickname.',
    edit: 'Edit profile',
    premium: 'Premium',
    level: {
      heading: 'Level',
      xp: '{{xp}} XP',
      next: '{{remaining}} XP to {{level}}',
      max: 'Max level',
      progressLabel: 'Progress to the next level',
    },
    stats: {
      heading: 'Your reading',
      booksRead: 'Books read',
      summariesGenerated: 'Summaries generated',
      currentStreak: 'Current streak',
      longestStreak: 'Longest streak',
      days_one: '{{count}} day',
      days_other: '{{count}} days',
      todayDone: 'Today already counts.',
      todayPending: 'Read or generate a summary today to keep your streak.',
      freezes: 'Streak freezes',
      freezesValue: '{{count}} of {{max}}',
      freezesHelp:
        'You earn one freeze for every {{every}} days of streak and can hold up to {{max}}. If you miss a day, a freeze is spent automatically and your streak carries on.',
    },
    achievements: {
      heading: 'Achievements unlocked',
      link: 'See achievements',
    },
    error: {
      title: 'Could not load your profile',
      body: 'Check your connection and try again.',
      retry: 'Try again',
    },
  },
  es: {
    noNickname: 'Sin apodo',
    noNicknameHint: 'En el ranking apareces como lector anónimo hasta que elijas un apodo.',
    edit: 'Editar perfil',
    premium: 'Premium',
    level: {
      heading: 'Nivel',
      xp: '{{xp}} XP',
      next: 'Faltan {{remaining}} XP para {{level}}',
      max: 'Nivel máximo',
      progressLabel: 'Progreso hacia el siguiente nivel',
    },
    stats: {
      heading: 'Tu lectura',
      booksRead: 'Libros leídos',
      summariesGenerated: 'Resúmenes generados',
      currentStreak: 'Racha actual',
      longestStreak: 'Racha más larga',
      days_one: '{{count}} día',
      days_other: '{{count}} días',
      todayDone: 'Hoy ya cuenta.',
      todayPending: 'Lee o genera un resumen hoy para mantener tu racha.',
      freezes: 'Protectores de racha',
      freezesValue: '{{count}} de {{max}}',
      freezesHelp:
        'Ganas un protector por cada {{every}} días de racha y puedes guardar hasta {{max}}. Si te saltas un día, se usa uno automáticamente y tu racha continúa.',
    },
    achievements: {
      heading: 'Logros desbloqueados',
      link: 'Ver logros',
    },
    error: {
      title: 'No se pudo cargar tu perfil',
      body: 'Revisa tu conexión e inténtalo de nuevo.',
      retry: 'Intentar de nuevo',
    },
  },
});
