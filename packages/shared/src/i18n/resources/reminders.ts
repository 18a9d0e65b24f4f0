import { defineMessages } from '../define-messages.js';

/** The daily reminder as it reaches the reader: its e-mail, its notification and its unsubscribe page. */
export const reminders = defineMessages({
  pt: {
    mail: {
      subject: 'Hora da sua leitura no Summa',
      streak: 'Sua sequência: {{count}} dia(s). Leia um resumo hoje para mantê-la.',
      noStreak: 'Leia um resumo hoje e comece uma sequência.',
      suggestion: 'Sugestão para hoje: {{title}}, de {{author}}.',
      open: 'Abrir o Summa: {{link}}',
      body: 'Olá, {{name}}!\n\n{{streak}}\n\n{{suggestion}}\n\n{{open}}\n\nVocê recebe este e-mail porque ativou o lembrete diário. Para desativá-lo: {{unsubscribe}}\n\nEquipe Summa',
    },
    push: {
      title: 'Hora da sua leitura',
      streak: 'Sequência de {{count}} dia(s). Que tal {{title}}?',
      noStreak: 'Comece uma sequência hoje. Que tal {{title}}?',
      plain: 'Leia um resumo hoje no Summa.',
    },
    unsubscribe: {
      title: 'Lembretes do Summa',
      confirm: 'Quer parar de receber o lembrete diário?',
      button: 'Desativar o lembrete',
      done: 'Pronto: você não receberá mais o lembrete diário. Pode ativá-lo de novo nas configurações.',
      settings: 'Abrir as configurações',
    },
  },
  en: {
    mail: {
      subject: 'Time for your Summa reading',
      streak: 'Your streak: {{count}} day(s). Read a summary today to keep it.',
      noStreak: 'Read a summary today and start a streak.',
      suggestion: 'A suggestion for today: {{title}}, by {{author}}.',
      open: 'Open Summa: {{link}}',
      body: 'Hi {{name}},\n\n{{streak}}\n\n{{suggestion}}\n\n{{open}}\n\nYou get this e-mail because you turned on the daily reminder. To turn it off: {{unsubscribe}}\n\nThe Summa team',
    },
    push: {
      title: 'Time for your reading',
      streak: 'A {{count}}-day streak. How about {{title}}?',
      noStreak: 'Start a streak today. How about {{title}}?',
      plain: 'Read a summary on Summa today.',
    },
    unsubscribe: {
      title: 'Summa reminders',
      confirm: 'Stop getting the daily reminder?',
      button: 'Turn the reminder off',
      done: 'Done: you will not get the daily reminder any more. You can turn it on again in Settings.',
      settings: 'Open Settings',
    },
  },
  es: {
    mail: {
      subject: 'Hora de tu lectura en Summa',
      streak: 'Tu racha: {{count}} día(s). Lee un resumen hoy para mantenerla.',
      noStreak: 'Lee un resumen hoy y empieza una racha.',
      suggestion: 'Una sugerencia para hoy: {{title}}, de {{author}}.',
      open: 'Abrir Summa: {{link}}',
      body: 'Hola, {{name}}:\n\n{{streak}}\n\n{{suggestion}}\n\n{{open}}\n\nRecibes este correo porque activaste el recordatorio diario. Para desactivarlo: {{unsubscribe}}\n\nEl equipo de Summa',
    },
    push: {
      title: 'Hora de tu lectura',
      streak: 'Racha de {{count}} día(s). ¿Qué tal {{title}}?',
      noStreak: 'Empieza una racha hoy. ¿Qué tal {{title}}?',
      plain: 'Lee un resumen hoy en Summa.',
    },
    unsubscribe: {
      title: 'Recordatorios de Summa',
      confirm: '¿Dejar de recibir el recordatorio diario?',
      button: 'Desactivar el recordatorio',
      done: 'Listo: ya no recibirás el recordatorio diario. Puedes activarlo de nuevo en la configuración.',
      settings: 'Abrir la configuración',
    },
  },
});
