import { defineMessages } from '../define-messages.js';

/** The FAQ page: search, empty state and the 15 questions (spec §2, "FAQ: search, 15 questions"). */
export const faq = defineMessages({
  pt: {
    search: {
      label: 'Buscar nas perguntas frequentes',
      placeholder: 'Ex.: cancelar, áudio, XP',
      count: '{{count}} de {{total}} perguntas',
      clear: 'Limpar busca',
    },
    empty: {
      title: 'Nenhuma pergunta corresponde à sua busca',
      text: 'Tente outras palavras ou escreva para a nossa equipe.',
    },
    more: {
      title: 'Não encontrou o que procurava?',
      text: 'Mande sua dúvida para a equipe do Summa e responderemos por e-mail.',
      cta: 'Ir para o contato',
    },
    items: {
      whatIs: {
        question: 'O que é o Summa?',
        answer:
          'O Summa é um aplicativo web que transforma um livro em um resumo de uma página, com a ideia central, os conceitos-chave, ações práticas, uma rotina sugerida e um plano de 7 dias. Você também pode ouvir o resumo em áudio e acompanhar seu progresso com XP, níveis e conquistas.',
      },
      howMade: {
        question: 'Como os resumos são feitos?',
        answer:
          'Você escolhe um livro no catálogo ou digita o título e o autor. Um modelo de inteligência artificial escreve o resumo sempre na mesma estrutura, e o Summa confere se todas as seções estão completas antes de salvá-lo. Se o mesmo livro já foi resumido no mesmo idioma, você recebe o resumo na hora.',
      },
      languages: {
        question: 'Em quais idiomas o Summa funciona?',
        answer:
          'A interface e os resumos estão em português do Brasil, inglês e espanhol latino-americano. Escolha o idioma no seletor do topo da página: o resumo é escrito nesse idioma, mesmo que o livro tenha sido publicado em outra língua.',
      },
      freePlan: {
        question: 'O que está incluído no plano Gratuito?',
        answer:
          'O plano Gratuito inclui 10 resumos e 10 áudios por mês, a biblioteca básica, XP, níveis, conquistas e suporte básico. A contagem recomeça no primeiro dia de cada mês. Ao chegar ao limite, você pode esperar o mês seguinte ou passar para o Premium.',
      },
      premium: {
        question: 'O que o Premium oferece?',
        answer:
          'Resumos e áudios ilimitados, exportação em PDF, histórico ilimitado, tradução instantânea dos resumos entre inglês, português e espanhol, suporte prioritário e o selo Premium no seu perfil.',
      },
      prices: {
        question: 'Quanto custa o Premium?',
        answer:
          'Em português, o Premium custa R$ 14,99 por mês ou R$ 149 por ano. Nas versões em inglês e espanhol, custa US$ 4,99 por mês ou US$ 49 por ano. O plano anual equivale a 2 meses grátis, e toda assinatura tem garantia de 7 dias.',
      },
      cancel: {
        question: 'Posso cancelar quando quiser?',
        answer:
          'Sim, sem multa. Na página Planos, abra a gestão da assinatura: o cancelamento é feito no portal seguro do nosso processador de pagamentos. Você continua com o Premium até o fim do período já pago. Se cancelar nos primeiros 7 dias, devolvemos o valor integral.',
      },
      audio: {
        question: 'Como funciona o áudio dos resumos?',
        answer:
          'Na página do resumo, toque em ouvir para gerar uma versão narrada por voz sintetizada, no idioma do resumo. Resumos longos podem ser divididos em partes. No plano Gratuito são 10 áudios por mês; no Premium não há limite.',
      },
      levels: {
        question: 'Como funcionam o XP e os níveis?',
        answer:
          'Você ganha XP ao ler resumos, gerar áudios, avaliar e compartilhar resumos. O total de XP define o seu nível: Iniciante a partir de 0 XP, Aprendiz a partir de 100, Pensador a partir de 500, Mestre a partir de 1.500 e Iluminado a partir de 5.000. Cada nível alcançado também rende um bônus de XP.',
      },
      streaks: {
        question: 'O que é a sequência de dias?',
        answer:
          'A sequência conta quantos dias seguidos você leu ou gerou pelo menos um resumo, de acordo com o dia no seu fuso horário. Se um dia inteiro passar sem atividade, ela recomeça do zero. Acompanhe a sua no Perfil.',
      },
      ranking: {
        question: 'Como funciona o ranking? Meu nome aparece?',
        answer:
          'O ranking ordena os leitores por XP em três visões: geral, por idioma e semanal, que conta o XP ganho desde segunda-feira às 00:00 UTC. Seu nome verdadeiro nunca aparece: mostramos o apelido que você escolher nas Configurações ou, sem apelido, um rótulo anônimo.',
      },
      privacy: {
        question: 'O que vocês fazem com os meus dados?',
        answer:
          'Usamos seus dados apenas para operar o Summa: sua conta, seus resumos, seu progresso e seu plano. Não vendemos dados pessoais nem exibimos anúncios. Os detalhes, incluindo seus direitos pela LGPD, estão na Política de privacidade.',
      },
      pdf: {
        question: 'Posso baixar um resumo em PDF?',
        answer:
          'Sim, no Premium. Na página do resumo, use o botão de baixar PDF para guardar uma versão pronta para imprimir ou ler sem internet. No plano Gratuito, você pode copiar o texto ou compartilhar o link do resumo.',
      },
      accuracy: {
        question: 'Os resumos são sempre precisos?',
        answer:
          'Buscamos a maior qualidade possível, mas os resumos são gerados por inteligência artificial e podem conter erros, omissões ou interpretações imprecisas. Use-os como ponto de partida e consulte o livro original antes de decisões importantes. Se encontrar um erro, avise pelo feedback na página do resumo.',
      },
      contact: {
        question: 'Como falo com a equipe do Summa?',
        answer:
          'Use o formulário da página Contato, disponível no rodapé de todas as páginas. Respondemos por e-mail, em geral em poucos dias úteis, e assinantes Premium têm atendimento prioritário.',
      },
    },
  },
  en: {
    search: {
      label: 'Search the frequently asked questions',
      placeholder: 'E.g. cancel, audio, XP',
      count: '{{count}} of {{total}} questions',
      clear: 'Clear search',
    },
    empty: {
      title: 'No questions match your search',
      text: 'Try other words or write to our team.',
    },
    more: {
      title: "Didn't find what you were looking for?",
      text: 'Send your question to the Summa team and we will reply by email.',
      cta: 'Go to contact',
    },
    items: {
      whatIs: {
        question: 'What is Summa?',
        answer:
          'Summa is a web app that turns a book into a one-page summary with the central idea, key concepts, practical actions, a suggested routine and a 7-day plan. You can also listen to the summary as audio and track your progress with XP, levels and achievements.',
      },
      howMade: {
        question: 'How are the summaries made?',
        answer:
          'You pick a book from the catalog or type its title and author. An artificial intelligence model writes the summary in the same structure every time, and Summa checks that every section is complete before saving it. If the same book was already summarized in the same language, you get that summary right away.',
      },
      languages: {
        question: 'Which languages does Summa support?',
        answer:
          'The interface and the summaries are available in Brazilian Portuguese, English and Latin American Spanish. Choose the language in the switcher at the top of the page: the summary is written in that language, even if the book was published in another one.',
      },
      freePlan: {
        question: 'What does the Free plan include?',
        answer:
          'The Free plan includes 10 summaries and 10 audios a month, the basic library, XP, levels, achievements and basic support. The count starts over on the first day of each month. When you reach the limit, you can wait for the next month or move to Premium.',
      },
      premium: {
        question: 'What does Premium offer?',
        answer:
          'Unlimited summaries and audio, PDF export, unlimited history, instant translation of summaries between English, Portuguese and Spanish, priority support and the Premium badge on your profile.',
      },
      prices: {
        question: 'How much does Premium cost?',
        answer:
          'In English and Spanish, Premium costs US$ 4.99 a month or US$ 49 a year. In Portuguese, it costs R$ 14.99 a month or R$ 149 a year. The yearly plan works out to 2 months free, and every subscription comes with a 7-day guarantee.',
      },
      cancel: {
        question: 'Can I cancel anytime?',
        answer:
          'Yes, with no fee. On the Plans page, open subscription management: cancellation happens in the secure portal of our payment processor. You keep Premium until the end of the period you already paid for. If you cancel within the first 7 days, we refund the full amount.',
      },
      audio: {
        question: 'How does summary audio work?',
        answer:
          'On the summary page, tap listen to generate a version narrated by a synthesized voice in the language of the summary. Long summaries may be split into parts. The Free plan includes 10 audios a month; Premium has no limit.',
      },
      levels: {
        question: 'How do XP and levels work?',
        answer:
          'You earn XP by reading summaries, generating audio, rating and sharing summaries. Your total XP sets your level: Beginner from 0 XP, Learner from 100, Thinker from 500, Master from 1,500 and Enlightened from 5,000. Every level you reach also gives you bonus XP.',
      },
      streaks: {
        question: 'What is a streak?',
        answer:
          'Your streak counts how many days in a row you read or generated at least one summary, based on the day in your time zone. If a whole day goes by without activity, it starts again from zero. You can follow yours on your Profile.',
      },
      ranking: {
        question: 'How does the ranking work? Is my name shown?',
        answer:
          'The ranking orders readers by XP in three views: global, by language and weekly, which counts the XP earned since Monday at 00:00 UTC. Your real name is never shown: we show the nickname you pick in Settings or, without a nickname, an anonymous label.',
      },
      privacy: {
        question: 'What do you do with my data?',
        answer:
          'We use your data only to run Summa: your account, your summaries, your progress and your plan. We do not sell personal data or show ads. The details, including your rights, are in the Privacy policy.',
      },
      pdf: {
        question: 'Can I download a summary as a PDF?',
        answer:
          'Yes, with Premium. On the summary page, use the download PDF button to keep a version ready to print or read offline. On the Free plan, you can copy the text or share the link to the summary.',
      },
      accuracy: {
        question: 'Are the summaries always accurate?',
        answer:
          'We aim for the highest quality, but summaries are generated by artificial intelligence and may contain mistakes, omissions or inaccurate interpretations. Use them as a starting point and check the original book before important decisions. If you spot a mistake, tell us through the feedback on the summary page.',
      },
      contact: {
        question: 'How do I reach the Summa team?',
        answer:
          'Use the form on the Contact page, linked in the footer of every page. We reply by email, usually within a few business days, and Premium subscribers get priority support.',
      },
    },
  },
  es: {
    search: {
      label: 'Buscar en las preguntas frecuentes',
      placeholder: 'Ej.: cancelar, audio, XP',
      count: '{{count}} de {{total}} preguntas',
      clear: 'Borrar búsqueda',
    },
    empty: {
      title: 'Ninguna pregunta coincide con tu búsqueda',
      text: 'Prueba con otras palabras o escríbele a nuestro equipo.',
    },
    more: {
      title: '¿No encontraste lo que buscabas?',
      text: 'Envía tu pregunta al equipo de Summa y te responderemos por correo.',
      cta: 'Ir a contacto',
    },
    items: {
      whatIs: {
        question: '¿Qué es Summa?',
        answer:
          'Summa es una aplicación web que convierte un libro en un resumen de una página, con la idea central, los conceptos clave, acciones prácticas, una rutina sugerida y un plan de 7 días. También puedes escuchar el resumen en audio y seguir tu progreso con XP, niveles y logros.',
      },
      howMade: {
        question: '¿Cómo se hacen los resúmenes?',
        answer:
          'Eliges un libro del catálogo o escribes su título y autor. Un modelo de inteligencia artificial escribe el resumen siempre con la misma estructura, y Summa revisa que todas las secciones estén completas antes de guardarlo. Si el mismo libro ya se resumió en el mismo idioma, recibes ese resumen al instante.',
      },
      languages: {
        question: '¿En qué idiomas funciona Summa?',
        answer:
          'La interfaz y los resúmenes están en español latinoamericano, portugués de Brasil e inglés. Elige el idioma en el selector de la parte superior: el resumen se escribe en ese idioma, aunque el libro se haya publicado en otro.',
      },
      freePlan: {
        question: '¿Qué incluye el plan Gratis?',
        answer:
          'El plan Gratis incluye 10 resúmenes y 10 audios al mes, la biblioteca básica, XP, niveles, logros y soporte básico. El conteo se reinicia el primer día de cada mes. Cuando llegues al límite, puedes esperar al mes siguiente o pasarte a Premium.',
      },
      premium: {
        question: '¿Qué ofrece Premium?',
        answer:
          'Resúmenes y audios ilimitados, exportación a PDF, historial ilimitado, traducción instantánea de los resúmenes entre inglés, portugués y español, soporte prioritario y la insignia Premium en tu perfil.',
      },
      prices: {
        question: '¿Cuánto cuesta Premium?',
        answer:
          'En español e inglés, Premium cuesta US$ 4,99 al mes o US$ 49 al año. En portugués, cuesta R$ 14,99 al mes o R$ 149 al año. El plan anual equivale a 2 meses gratis, y toda suscripción tiene una garantía de 7 días.',
      },
      cancel: {
        question: '¿Puedo cancelar cuando quiera?',
        answer:
          'Sí, sin penalización. En la página Planes, abre la gestión de la suscripción: la cancelación se hace en el portal seguro de nuestro procesador de pagos. Conservas Premium hasta el final del periodo ya pagado. Si cancelas en los primeros 7 días, te devolvemos el importe completo.',
      },
      audio: {
        question: '¿Cómo funciona el audio de los resúmenes?',
        answer:
          'En la página del resumen, toca escuchar para generar una versión narrada con voz sintetizada, en el idioma del resumen. Los resúmenes largos pueden dividirse en partes. El plan Gratis incluye 10 audios al mes; Premium no tiene límite.',
      },
      levels: {
        question: '¿Cómo funcionan el XP y los niveles?',
        answer:
          'Ganas XP al leer resúmenes, generar audios, calificar y compartir resúmenes. Tu XP total define tu nivel: Principiante desde 0 XP, Aprendiz desde 100, Pensador desde 500, Maestro desde 1.500 e Iluminado desde 5.000. Cada nivel que alcanzas también te da XP de bonificación.',
      },
      streaks: {
        question: '¿Qué es la racha?',
        answer:
          'La racha cuenta cuántos días seguidos leíste o generaste al menos un resumen, según el día en tu zona horaria. Si pasa un día completo sin actividad, vuelve a empezar desde cero. Puedes seguir la tuya en tu Perfil.',
      },
      ranking: {
        question: '¿Cómo funciona el ranking? ¿Aparece mi nombre?',
        answer:
          'El ranking ordena a los lectores por XP en tres vistas: global, por idioma y semanal, que cuenta el XP ganado desde el lunes a las 00:00 UTC. Tu nombre real nunca aparece: mostramos el apodo que elijas en Configuración o, si no tienes apodo, una etiqueta anónima.',
      },
      privacy: {
        question: '¿Qué hacen con mis datos?',
        answer:
          'Usamos tus datos solo para operar Summa: tu cuenta, tus resúmenes, tu progreso y tu plan. No vendemos datos personales ni mostramos anuncios. Los detalles, incluidos tus derechos, están en la Política de privacidad.',
      },
      pdf: {
        question: '¿Puedo descargar un resumen en PDF?',
        answer:
          'Sí, con Premium. En la página del resumen, usa el botón de descargar PDF para guardar una versión lista para imprimir o leer sin conexión. En el plan Gratis, puedes copiar el texto o compartir el enlace del resumen.',
      },
      accuracy: {
        question: '¿Los resúmenes son siempre precisos?',
        answer:
          'Buscamos la mayor calidad posible, pero los resúmenes los genera una inteligencia artificial y pueden contener errores, omisiones o interpretaciones imprecisas. Úsalos como punto de partida y consulta el libro original antes de tomar decisiones importantes. Si encuentras un error, avísanos con el feedback de la página del resumen.',
      },
      contact: {
        question: '¿Cómo me comunico con el equipo de Summa?',
        answer:
          'Usa el formulario de la página Contacto, enlazada en el pie de todas las páginas. Respondemos por correo, por lo general en pocos días hábiles, y los suscriptores Premium tienen atención prioritaria.',
      },
    },
  },
});
