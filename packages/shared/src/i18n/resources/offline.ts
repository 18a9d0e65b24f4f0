import { defineMessages } from '../define-messages.js';

/**
 * The installed app and its offline copies (ADR 0036): the offline notice, 'Keep offline' on a
 * summary, the 'On this device' list, the new version's prompt and the manifest's description.
 */
export const offline = defineMessages({
  pt: {
    manifestDescription: 'Resumos de livros em uma página, com áudio narrado, para ler e ouvir onde estiver.',
    notice: {
      title: 'Você está sem conexão.',
      body: 'Os resumos guardados neste dispositivo abrem e tocam normalmente; as outras telas precisam do servidor e carregam quando a conexão voltar.',
      link: 'Ver o que está neste dispositivo',
    },
    needsConnection:
      'Esta tela precisa de conexão com o servidor. Ela carrega quando você estiver on-line de novo.',
    keep: {
      heading: 'Ler sem conexão',
      lead: 'Guarde este resumo neste dispositivo para ler (e ouvir) mesmo sem internet.',
      button: 'Guardar off-line',
      withNarration: 'Incluir a narração ({{size}})',
      keeping: 'Guardando neste dispositivo…',
      kept: 'Guardado neste dispositivo: {{size}}',
      keptWithNarration: 'Guardado neste dispositivo com a narração: {{size}}',
      remove: 'Remover deste dispositivo',
      removed: 'Resumo removido deste dispositivo.',
      failed: 'Não foi possível guardar este resumo neste dispositivo.',
      failedBody: 'Confira a conexão e o espaço livre e tente de novo.',
      list: 'Ver tudo o que está neste dispositivo',
    },
    device: {
      title: 'Neste dispositivo',
      lead: 'Os resumos que você guardou para ler e ouvir sem conexão.',
      total_one: '{{count}} resumo, {{size}} no total',
      total_other: '{{count}} resumos, {{size}} no total',
      textOnly: 'Texto',
      withNarration: 'Texto e narração',
      keptOn: 'Guardado em {{date}}',
      remove: 'Remover',
      removeLabel: 'Remover “{{title}}” deste dispositivo',
      empty: {
        title: 'Nada guardado ainda',
        body: 'Abra um resumo e escolha “Guardar off-line” para lê-lo aqui mesmo sem conexão.',
        action: 'Ir para o histórico',
      },
      error: {
        title: 'Não foi possível ler os resumos guardados',
        body: 'O navegador não abriu o armazenamento deste site. Tente de novo.',
        retry: 'Tentar de novo',
      },
    },
    update: {
      title: 'Uma nova versão do Summa está pronta.',
      body: 'Recarregue para usá-la.',
      reload: 'Recarregar',
      later: 'Depois',
    },
  },
  en: {
    manifestDescription:
      'One-page book summaries with narrated audio, to read and listen to wherever you are.',
    notice: {
      title: 'You are offline.',
      body: 'Summaries kept on this device open and play as usual; other screens need the server and load when the connection returns.',
      link: 'See what is on this device',
    },
    needsConnection: 'This screen needs a connection to the server. It loads when you are back online.',
    keep: {
      heading: 'Read without a connection',
      lead: 'Keep this summary on this device to read (and listen to) it even without internet.',
      button: 'Keep offline',
      withNarration: 'Include the narration ({{size}})',
      keeping: 'Keeping it on this device…',
      kept: 'Kept on this device: {{size}}',
      keptWithNarration: 'Kept on this device with its narration: {{size}}',
      remove: 'Remove from this device',
      removed: 'Summary removed from this device.',
      failed: 'This summary could not be kept on this device.',
      failedBody: 'Check the connection and the free space, then try again.',
      list: 'See everything on this device',
    },
    device: {
      title: 'On this device',
      lead: 'The summaries you kept to read and listen to without a connection.',
      total_one: '{{count}} summary, {{size}} in all',
      total_other: '{{count}} summaries, {{size}} in all',
      textOnly: 'Text',
      withNarration: 'Text and narration',
      keptOn: 'Kept on {{date}}',
      remove: 'Remove',
      removeLabel: 'Remove “{{title}}” from this device',
      empty: {
        title: 'Nothing kept yet',
        body: 'Open a summary and choose “Keep offline” to read it here even without a connection.',
        action: 'Go to your history',
      },
      error: {
        title: 'The kept summaries could not be read',
        body: "The browser did not open this site's storage. Try again.",
        retry: 'Try again',
      },
    },
    update: {
      title: 'A new version of Summa is ready.',
      body: 'Reload to use it.',
      reload: 'Reload',
      later: 'Later',
    },
  },
  es: {
    manifestDescription:
      'Resúmenes de libros en una página, con audio narrado, para leer y escuchar donde estés.',
    notice: {
      title: 'Estás sin conexión.',
      body: 'Los resúmenes guardados en este dispositivo se abren y se escuchan como siempre; las demás pantallas necesitan el servidor y cargan cuando vuelva la conexión.',
      link: 'Ver lo que está en este dispositivo',
    },
    needsConnection:
      'Esta pantalla necesita conexión con el servidor. Carga cuando vuelvas a estar en línea.',
    keep: {
      heading: 'Leer sin conexión',
      lead: 'Guarda este resumen en este dispositivo para leerlo (y escucharlo) incluso sin internet.',
      button: 'Guardar sin conexión',
      withNarration: 'Incluir la narración ({{size}})',
      keeping: 'Guardando en este dispositivo…',
      kept: 'Guardado en este dispositivo: {{size}}',
      keptWithNarration: 'Guardado en este dispositivo con su narración: {{size}}',
      remove: 'Quitar de este dispositivo',
      removed: 'Resumen quitado de este dispositivo.',
      failed: 'No se pudo guardar este resumen en este dispositivo.',
      failedBody: 'Revisa la conexión y el espacio libre e inténtalo de nuevo.',
      list: 'Ver todo lo que está en este dispositivo',
    },
    device: {
      title: 'En este dispositivo',
      lead: 'Los resúmenes que guardaste para leer y escuchar sin conexión.',
      total_one: '{{count}} resumen, {{size}} en total',
      total_other: '{{count}} resúmenes, {{size}} en total',
      textOnly: 'Texto',
      withNarration: 'Texto y narración',
      keptOn: 'Guardado el {{date}}',
      remove: 'Quitar',
      removeLabel: 'Quitar «{{title}}» de este dispositivo',
      empty: {
        title: 'Nada guardado todavía',
        body: 'Abre un resumen y elige «Guardar sin conexión» para leerlo aquí incluso sin conexión.',
        action: 'Ir al historial',
      },
      error: {
        title: 'No se pudieron leer los resúmenes guardados',
        body: 'El navegador no abrió el almacenamiento de este sitio. Inténtalo de nuevo.',
        retry: 'Intentar de nuevo',
      },
    },
    update: {
      title: 'Hay una nueva versión de Summa lista.',
      body: 'Recarga para usarla.',
      reload: 'Recargar',
      later: 'Después',
    },
  },
});
