import { defineMessages } from '../define-messages.js';

/** XP, levels and streaks wherever they show: header, toasts, the level-up notification, the celebration. */
export const gamification = defineMessages({
  pt: {
    levels: {
      beginner: 'Iniciante',
      learner: 'Aprendiz',
      thinker: 'Pensador',
      master: 'Mestre',
      enlightened: 'Iluminado',
    },
    xp: '{{xp}} XP',
    xpGain: '+{{xp}} XP',
    events: {
      read_summary: 'Resumo lido! Continue assim.',
      audio_generated: 'Áudio gerado! Bom proveito na escuta.',
      feedback_given: 'Obrigado pela sua avaliação!',
      share_summary: 'Obrigado por compartilhar o conhecimento!',
    },
    levelUp: {
      title: 'Subiu de nível!',
      body: 'Agora você é {{level}}.',
      notification: 'Você chegou ao nível {{level}}',
      reward: '+{{xp}} XP de recompensa',
      dismiss: 'Fechar aviso',
    },
    celebration: {
      label: 'Celebração',
      defaultTitle: 'Conquista desbloqueada!',
      combinedTitle: '{{number}} conquistas desbloqueadas!',
      dismissHint: 'Toque na tela ou pressione Esc para fechar.',
    },
    header: {
      progressLabel: 'Nível {{level}}: {{xp}} XP, {{progress}}% até o próximo nível',
      progressTopLabel: 'Nível {{level}}: {{xp}} XP, nível máximo',
      // CLDR counts 0 as 'one' in Portuguese; i18next's _zero form says 'dias'.
      streak_zero: 'Sequência de {{count}} dias',
      streak_one: 'Sequência de {{count}} dia',
      streak_other: 'Sequência de {{count}} dias',
      goal: {
        summary: 'Meta de hoje: {{done}} de {{target}} resumo',
        listening: 'Meta de hoje: {{done}} de {{target}} minutos de escuta',
        cards: 'Meta de hoje: {{done}} de {{target}} cartões',
        met: 'Meta de hoje cumprida',
      },
    },
  },
  en: {
    levels: {
      beginner: 'Beginner',
      learner: 'Learner',
      thinker: 'Thinker',
      master: 'Master',
      enlightened: 'Enlightened',
    },
    xp: '{{xp}} XP',
    xpGain: '+{{xp}} XP',
    events: {
      read_summary: 'Summary read! Keep it up.',
      audio_generated: 'Audio ready! Enjoy listening.',
      feedback_given: 'Thanks for your feedback!',
      share_summary: 'Thanks for sharing knowledge!',
    },
    levelUp: {
      title: 'Level Up!',
      body: 'You are now a {{level}}.',
      notification: 'You reached level {{level}}',
      reward: '+{{xp}} XP reward',
      dismiss: 'Dismiss notice',
    },
    celebration: {
      label: 'Celebration',
      defaultTitle: 'Achievement unlocked!',
      combinedTitle: '{{number}} achievements unlocked!',
      dismissHint: 'Tap the screen or press Esc to close.',
    },
    header: {
      progressLabel: 'Level {{level}}: {{xp}} XP, {{progress}}% to the next level',
      progressTopLabel: 'Level {{level}}: {{xp}} XP, top level',
      streak_zero: '{{count}}-day streak',
      streak_one: '{{count}}-day streak',
      streak_other: '{{count}}-day streak',
      goal: {
        summary: "Today's goal: {{done}} of {{target}} summary",
        listening: "Today's goal: {{done}} of {{target}} minutes of listening",
        cards: "Today's goal: {{done}} of {{target}} cards",
        met: "Today's goal met",
      },
    },
  },
  es: {
    levels: {
      beginner: 'Principiante',
      learner: 'Aprendiz',
      thinker: 'Pensador',
      master: 'Maestro',
      enlightened: 'Iluminado',
    },
    xp: '{{xp}} XP',
    xpGain: '+{{xp}} XP',
    events: {
      read_summary: '¡Resumen leído! Sigue así.',
      audio_generated: '¡Audio listo! Disfruta la escucha.',
      feedback_given: '¡Gracias por tu opinión!',
      share_summary: '¡Gracias por compartir conocimiento!',
    },
    levelUp: {
      title: '¡Subiste de nivel!',
      body: 'Ahora eres {{level}}.',
      notification: 'Llegaste al nivel {{level}}',
      reward: '+{{xp}} XP de recompensa',
      dismiss: 'Cerrar aviso',
    },
    celebration: {
      label: 'Celebración',
      defaultTitle: '¡Logro desbloqueado!',
      combinedTitle: '¡{{number}} logros desbloqueados!',
      dismissHint: 'Toca la pantalla o pulsa Esc para cerrar.',
    },
    header: {
      progressLabel: 'Nivel {{level}}: {{xp}} XP, {{progress}}% para el siguiente nivel',
      progressTopLabel: 'Nivel {{level}}: {{xp}} XP, nivel máximo',
      streak_zero: 'Racha de {{count}} días',
      streak_one: 'Racha de {{count}} día',
      streak_other: 'Racha de {{count}} días',
      goal: {
        summary: 'Meta de hoy: {{done}} de {{target}} resumen',
        listening: 'Meta de hoy: {{done}} de {{target}} minutos de escucha',
        cards: 'Meta de hoy: {{done}} de {{target}} tarjetas',
        met: 'Meta de hoy cumplida',
      },
    },
  },
});
