import { defineMessages } from '../define-messages.js';

/**
 * Terms of use and privacy policy. A section body may hold several paragraphs separated by a
 * blank line ("\n\n"); the page renders each one as its own paragraph.
 */
export const legal = defineMessages({
  pt: {
    updated: 'Última atualização: 26 de novembro de 2026',
    toc: 'Nesta página',
    contactCta: 'Abrir a página de contato',
    terms: {
      intro:
        'Estes termos regem o uso do Summa, um aplicativo web que gera resumos de livros com inteligência artificial. Ao criar uma conta ou usar o serviço, você concorda com eles. Leia também a nossa Política de privacidade.',
      sections: {
        service: {
          title: 'O serviço',
          body: 'O Summa gera resumos de uma página a partir do título e do autor de um livro, com ideias-chave, ações práticas e áudio narrado opcional, além de recursos de gamificação como XP, níveis, sequências, conquistas e ranking.\n\nO Summa não substitui a leitura da obra original e não tem vínculo com autores ou editoras, salvo quando indicado. Podemos melhorar, alterar ou descontinuar funcionalidades e avisaremos com antecedência quando a mudança for relevante para você.',
        },
        accounts: {
          title: 'Sua conta',
          body: 'Para usar o Summa, você precisa de uma conta, criada com e-mail e senha ou com o Google. Você deve ter pelo menos 18 anos, ou a autorização de um responsável legal, e fornecer informações verdadeiras.\n\nVocê é responsável por manter sua senha em sigilo e pelo que acontece na sua conta. Avise-nos pela página de contato se suspeitar de uso indevido. Você pode excluir sua conta a qualquer momento.',
        },
        plans: {
          title: 'Planos e pagamentos',
          body: 'O plano Gratuito inclui 10 resumos e 10 áudios por mês, com a contagem reiniciada a cada mês. O Premium é uma assinatura mensal ou anual, renovada automaticamente até que você cancele, pelo preço exibido no momento da contratação: R$ 14,99 por mês ou R$ 149 por ano na versão em português, e US$ 4,99 por mês ou US$ 49 por ano nas versões em inglês e espanhol.\n\nOs pagamentos são processados por um provedor de pagamentos com cartão; o Summa não armazena os dados completos do seu cartão. Você pode cancelar quando quiser pelo portal do assinante e mantém o acesso até o fim do período pago. Nos primeiros 7 dias após a contratação, você pode pedir o reembolso integral. Mudanças de preço são avisadas antes da renovação seguinte.',
        },
        acceptableUse: {
          title: 'Uso aceitável',
          body: 'Ao usar o Summa, você concorda em não: tentar burlar os limites do plano, por exemplo criando várias contas; copiar o catálogo ou os resumos em massa por meios automatizados; revender o serviço ou publicar os resumos como se fossem de sua autoria; usar apelidos ou conteúdos ofensivos, enganosos ou que violem direitos de terceiros; ou interferir na segurança e no funcionamento do serviço.\n\nPodemos suspender ou encerrar contas que violem estes termos e informaremos o motivo sempre que possível.',
        },
        aiContent: {
          title: 'Conteúdo gerado por IA',
          body: 'Os resumos, traduções e áudios são produzidos automaticamente por modelos de inteligência artificial. Eles podem conter erros, omissões ou interpretações imprecisas e não refletem necessariamente a visão do autor do livro.\n\nOs resumos têm finalidade educativa e não são aconselhamento profissional, seja financeiro, médico, jurídico ou psicológico. Confirme informações importantes na obra original ou com um profissional qualificado.',
        },
        intellectualProperty: {
          title: 'Propriedade intelectual',
          body: 'A marca, o software e o design do Summa pertencem aos seus titulares. Os livros pertencem aos seus autores e editoras; os resumos são textos originais sobre as obras e não reproduzem o seu conteúdo.\n\nVocê pode usar os resumos para estudo pessoal e compartilhá-los pelos links do próprio Summa. Links para lojas de livros podem ser links de afiliado, pelos quais o Summa recebe uma comissão sem custo extra para você.',
        },
        liability: {
          title: 'Responsabilidade',
          body: 'Trabalhamos para manter o Summa disponível e seguro, mas o serviço é oferecido no estado em que se encontra e pode passar por interrupções, manutenções ou falhas. Na máxima extensão permitida pela lei, o Summa não responde por danos indiretos nem por decisões tomadas com base nos resumos.\n\nNada nestes termos limita os direitos que você tem como consumidor, incluindo os previstos no Código de Defesa do Consumidor.',
        },
        changes: {
          title: 'Alterações nestes termos',
          body: 'Podemos atualizar estes termos para refletir mudanças no serviço ou na legislação. A data da última atualização aparece no topo desta página, e avisaremos por e-mail ou no aplicativo sobre mudanças relevantes antes que entrem em vigor. Se não concordar com a nova versão, você pode cancelar e excluir sua conta.\n\nEstes termos são regidos pelas leis brasileiras, e você pode levar eventuais disputas ao foro do seu domicílio.',
        },
        contact: {
          title: 'Contato',
          body: 'Dúvidas sobre estes termos? Escreva para nós pela página de contato e responderemos no e-mail que você informar.',
        },
      },
    },
    privacy: {
      intro:
        'Esta política explica quais dados pessoais o Summa coleta, por que os usa e quais são os seus direitos. Ela vale para o aplicativo web em todos os idiomas. Para quem está no Brasil, seguimos a Lei Geral de Proteção de Dados (LGPD, Lei nº 13.709/2018).',
      accountCta: 'Abrir Configurações › Conta',
      sections: {
        data: {
          title: 'Dados que coletamos',
          body: 'Dados de conta: nome, e-mail, senha (guardada apenas como hash criptográfico), idioma preferido e, se você definir, avatar e apelido. Se você entrar com o Google, recebemos seu nome, e-mail e o identificador da sua conta Google.\n\nDados de uso: livros buscados e resumidos, histórico, avaliações, XP, nível, sequência, conquistas e contagem mensal de uso. No cadastro, registramos o idioma, a página e o país de origem. Dados técnicos: endereço IP, tipo de navegador e registros de acesso. Dados de pagamento: plano, situação da assinatura e histórico de cobranças; os dados do cartão ficam apenas com o processador de pagamentos.\n\nMensagens: nome, e-mail e texto que você envia pelo formulário de contato.',
        },
        purposes: {
          title: 'Para que usamos os dados',
          body: 'Usamos seus dados para criar e proteger sua conta; gerar, guardar e mostrar seus resumos e áudios; calcular XP, níveis, sequências, conquistas e o ranking; controlar os limites do plano e processar assinaturas; responder às suas mensagens; mostrar na página inicial, com o seu apelido, um comentário que você deixou com voto positivo, quando o escolhemos (peça pela página de contato e o retiramos); enviar avisos sobre o serviço; prevenir fraudes e abusos; e entender, de forma agregada, como o Summa é usado para melhorá-lo.\n\nNão vendemos seus dados pessoais, não os usamos para publicidade e não os usamos para treinar modelos de inteligência artificial.',
        },
        legalBases: {
          title: 'Bases legais',
          body: 'Pela LGPD, tratamos seus dados com base na execução do contrato (art. 7º, V), para prestar o serviço que você usa; no cumprimento de obrigação legal ou regulatória (art. 7º, II), por exemplo para guardar registros de acesso e dados fiscais; no legítimo interesse (art. 7º, IX), para segurança, prevenção de fraudes e melhoria do serviço, respeitando seus direitos e expectativas; e no consentimento (art. 7º, I), quando ele for pedido, como para comunicações opcionais, que você pode revogar a qualquer momento.\n\nFora do Brasil, aplicamos as bases equivalentes previstas na lei do seu país.',
        },
        retention: {
          title: 'Por quanto tempo guardamos',
          body: 'Guardamos os dados da sua conta enquanto ela existir.\n\nQuando você exclui a conta (Configurações › Conta › Excluir minha conta), apagamos na mesma hora seu nome, e-mail, senha, ligação com o Google, avatar, apelido, histórico, avaliações (e um comentário seu que esteja na página inicial), XP, nível, sequência, conquistas, lugar no ranking, os aparelhos conectados e as mensagens que você enviou pela página de contato com a conta aberta. Se houver uma assinatura Premium ativa, ela é cancelada no mesmo momento, sem novas cobranças.\n\nO que fica depois da exclusão, e por quanto tempo: os resumos e os áudios gerados continuam no catálogo, porque são compartilhados por todos os leitores, mas sem nenhuma ligação com você; contagens anônimas de uso, que não identificam ninguém, ficam sem prazo; registros de acesso (endereço IP, data e hora) ficam por 6 meses, como exige o Marco Civil da Internet; e os registros de pagamento ficam com a Stripe, que processa os pagamentos, pelo prazo da legislação fiscal, em geral 5 anos (o Summa não guarda dados de cartão). Cópias de segurança que ainda tenham seus dados são substituídas em até 30 dias.',
        },
        sharing: {
          title: 'Com quem compartilhamos',
          body: 'Compartilhamos apenas o necessário com operadores que tratam dados em nosso nome e sob contrato: provedores de hospedagem e armazenamento, onde ficam o aplicativo e o banco de dados; o processador de pagamentos, que recebe os dados do cartão e da cobrança; o provedor de inteligência artificial, que recebe o título, o autor e o idioma do livro para gerar o resumo e o texto a ser narrado, sem seu nome ou e-mail; e o provedor de e-mail, para mensagens do serviço.\n\nAlguns desses provedores podem estar fora do Brasil; nesses casos, a transferência internacional segue as salvaguardas da LGPD. Também podemos compartilhar dados quando a lei ou uma ordem judicial exigir.',
        },
        rights: {
          title: 'Seus direitos',
          body: 'A LGPD (art. 18) garante a você os direitos abaixo. A maioria você exerce sozinho, a qualquer momento, em Configurações › Conta, sem precisar pedir a ninguém.\n\nAcesso e confirmação: em Configurações › Conta, use “Baixar meus dados”. Você recebe na hora um arquivo com tudo o que guardamos sobre você, o que também confirma quais dados tratamos.\n\nCorreção: apelido, avatar, idioma e fuso horário ficam no topo das Configurações; e-mail e senha, na seção Conta. Para corrigir o nome ou qualquer outro dado, fale conosco pela página de contato.\n\nPortabilidade: o arquivo de “Baixar meus dados” está em JSON, um formato aberto que você pode guardar ou levar para outro serviço.\n\nEliminação: em Configurações › Conta, use “Excluir minha conta”. A tela mostra o que é apagado e o que fica, e a exclusão acontece na hora. Para encerrar o acesso de um aparelho sem excluir a conta, use “Aparelhos conectados”.\n\nInformação: esta página diz quais dados tratamos, por quê, com quem compartilhamos e por quanto tempo guardamos. Para saber mais, ou para revogar um consentimento, pedir anonimização ou bloqueio, ou se opor a um tratamento, fale conosco pela página de contato; respondemos em até 15 dias.\n\nVocê também pode apresentar reclamação à Autoridade Nacional de Proteção de Dados (ANPD).',
        },
        cookies: {
          title: 'Cookies e armazenamento local',
          body: 'O Summa não usa cookies de publicidade nem rastreadores de terceiros. Usamos o armazenamento local do navegador (localStorage) para manter sua sessão conectada, lembrar o idioma escolhido e mostrar sua contagem de uso do mês. Se você apagar esses dados, precisará entrar de novo.\n\nAo clicar em um link de loja de livros, o site da loja pode definir os próprios cookies, de acordo com a política de privacidade dela.',
        },
        contact: {
          title: 'Contato sobre privacidade',
          body: 'Para exercer seus direitos ou tirar dúvidas sobre esta política, fale com o encarregado de dados do Summa pela página de contato e mencione na mensagem que o pedido é sobre privacidade. Podemos pedir uma confirmação de identidade antes de atender.',
        },
      },
    },
  },
  en: {
    updated: 'Last updated: November 26, 2026',
    toc: 'On this page',
    contactCta: 'Open the contact page',
    terms: {
      intro:
        'These terms govern your use of Summa, a web app that generates book summaries with artificial intelligence. By creating an account or using the service, you agree to them. Please also read our Privacy policy.',
      sections: {
        service: {
          title: 'The service',
          body: "Summa generates one-page summaries from a book's title and author, with key ideas, practical actions and optional narrated audio, plus gamification features such as XP, levels, streaks, achievements and a ranking.\n\nSumma does not replace reading the original work and is not affiliated with authors or publishers unless stated. We may improve, change or discontinue features and will give you notice in advance when a change matters to you.",
        },
        accounts: {
          title: 'Your account',
          body: 'To use Summa you need an account, created with an email and password or with Google. You must be at least 18 years old, or have permission from a parent or guardian, and provide truthful information.\n\nYou are responsible for keeping your password secret and for what happens in your account. Let us know through the contact page if you suspect misuse. You can delete your account at any time.',
        },
        plans: {
          title: 'Plans and payments',
          body: 'The Free plan includes 10 summaries and 10 audios a month, with the count reset every month. Premium is a monthly or yearly subscription that renews automatically until you cancel, at the price shown when you subscribe: US$ 4.99 a month or US$ 49 a year in the English and Spanish versions, and R$ 14.99 a month or R$ 149 a year in the Portuguese version.\n\nPayments are handled by a card payment provider; Summa does not store your full card details. You can cancel anytime through the customer portal and keep access until the end of the paid period. Within the first 7 days after subscribing, you can ask for a full refund. Price changes are announced before your next renewal.',
        },
        acceptableUse: {
          title: 'Acceptable use',
          body: 'When using Summa, you agree not to: get around plan limits, for example by creating several accounts; copy the catalog or summaries in bulk by automated means; resell the service or publish the summaries as your own work; use nicknames or content that are offensive, misleading or infringe the rights of others; or interfere with the security and operation of the service.\n\nWe may suspend or close accounts that break these terms and will tell you why whenever possible.',
        },
        aiContent: {
          title: 'AI-generated content',
          body: "Summaries, translations and audio are produced automatically by artificial intelligence models. They may contain mistakes, omissions or inaccurate interpretations and do not necessarily reflect the book author's views.\n\nSummaries are for educational purposes and are not professional advice, whether financial, medical, legal or psychological. Check important information in the original work or with a qualified professional.",
        },
        intellectualProperty: {
          title: 'Intellectual property',
          body: "Summa's brand, software and design belong to their owners. Books belong to their authors and publishers; the summaries are original texts about the works and do not reproduce their content.\n\nYou may use summaries for personal study and share them through Summa's own links. Links to bookstores may be affiliate links, through which Summa earns a commission at no extra cost to you.",
        },
        liability: {
          title: 'Liability',
          body: 'We work to keep Summa available and secure, but the service is provided as is and may experience interruptions, maintenance or failures. To the fullest extent permitted by law, Summa is not liable for indirect damages or for decisions made based on the summaries.\n\nNothing in these terms limits the rights you have as a consumer under the law that applies to you.',
        },
        changes: {
          title: 'Changes to these terms',
          body: 'We may update these terms to reflect changes in the service or the law. The date of the last update appears at the top of this page, and we will tell you by email or in the app about significant changes before they take effect. If you do not agree with the new version, you can cancel and delete your account.\n\nThese terms are governed by the laws of Brazil, without prejudice to the mandatory consumer protections of your country of residence.',
        },
        contact: {
          title: 'Contact',
          body: 'Questions about these terms? Write to us through the contact page and we will reply to the email address you provide.',
        },
      },
    },
    privacy: {
      intro:
        "This policy explains what personal data Summa collects, why we use it and what your rights are. It applies to the web app in every language. For people in Brazil, we follow Brazil's General Data Protection Law (LGPD, Law No. 13,709/2018).",
      accountCta: 'Open Settings › Account',
      sections: {
        data: {
          title: 'Data we collect',
          body: 'Account data: name, email, password (stored only as a cryptographic hash), preferred language and, if you set them, avatar and nickname. If you sign in with Google, we receive your name, email and Google account identifier.\n\nUsage data: books searched and summarized, history, ratings, XP, level, streak, achievements and monthly usage count. At sign-up we record the language, page and country you signed up from. Technical data: IP address, browser type and access logs. Payment data: plan, subscription status and billing history; card details stay with the payment processor only.\n\nMessages: the name, email and text you send through the contact form.',
        },
        purposes: {
          title: 'How we use data',
          body: 'We use your data to create and protect your account; generate, store and show your summaries and audio; calculate XP, levels, streaks, achievements and the ranking; enforce plan limits and process subscriptions; answer your messages; show on the home page, with your nickname, a comment you left with a thumbs up, when we choose it (ask through the contact page and we take it down); send service notices; prevent fraud and abuse; and understand, in aggregate, how Summa is used so we can improve it.\n\nWe do not sell your personal data, use it for advertising or use it to train artificial intelligence models.',
        },
        legalBases: {
          title: 'Legal bases',
          body: 'Under the LGPD, we process your data on the basis of performing our contract with you (art. 7, V), to provide the service you use; complying with legal or regulatory obligations (art. 7, II), for example keeping access logs and tax records; legitimate interest (art. 7, IX), for security, fraud prevention and improving the service, while respecting your rights and expectations; and consent (art. 7, I), when we ask for it, such as for optional communications, which you can withdraw at any time.\n\nOutside Brazil, we rely on the equivalent bases provided by the law of your country.',
        },
        retention: {
          title: 'How long we keep data',
          body: 'We keep your account data for as long as your account exists.\n\nWhen you delete your account (Settings › Account › Delete my account), we erase at once your name, e-mail, password, link to Google, avatar, nickname, history, ratings (and any comment of yours shown on the home page), XP, level, streak, achievements, place in the ranking, signed-in devices and the messages you sent through the contact page while signed in. An active Premium subscription is cancelled at the same moment, with no further charges.\n\nWhat stays after deletion, and for how long: the summaries and audio that were generated stay in the catalog, because all readers share them, but with no link to you; anonymous usage counts, which identify nobody, stay with no time limit; access logs (IP address, date and time) stay for 6 months, as Brazil’s Internet Civil Framework (Marco Civil da Internet) requires; and payment records stay with Stripe, which processes payments, for the period set by tax law, usually 5 years (Summa holds no card data). Backups that still hold your data are replaced within 30 days.',
        },
        sharing: {
          title: 'Who we share data with',
          body: "We share only what is needed with processors that handle data on our behalf and under contract: hosting and storage providers, where the app and database live; the payment processor, which receives card and billing data; the artificial intelligence provider, which receives the book's title, author and language to generate the summary and the text to narrate, without your name or email; and the email provider, for service messages.\n\nSome of these providers may be located outside Brazil; in that case, the international transfer follows the safeguards of the LGPD. We may also share data when the law or a court order requires it.",
        },
        rights: {
          title: 'Your rights',
          body: 'Brazil’s data protection law (LGPD, art. 18) gives you the rights below. You can use most of them yourself, at any time, in Settings › Account, without asking anyone.\n\nAccess and confirmation: in Settings › Account, use “Download my data”. You get at once a file with everything we keep about you, which also confirms what data we process.\n\nCorrection: nickname, avatar, language and time zone are at the top of Settings; e-mail and password in the Account section. To correct your name or any other data, contact us through the contact page.\n\nPortability: the file from “Download my data” is JSON, an open format you can keep or take to another service.\n\nDeletion: in Settings › Account, use “Delete my account”. The screen shows what is erased and what stays, and the deletion happens at once. To end a device’s access without deleting your account, use “Signed-in devices”.\n\nInformation: this page says what data we process, why, who we share it with and how long we keep it. To learn more, or to withdraw a consent, ask for anonymization or blocking, or object to some processing, contact us through the contact page; we answer within 15 days.\n\nYou can also file a complaint with Brazil’s National Data Protection Authority (ANPD) or the data protection authority of your country.',
        },
        cookies: {
          title: 'Cookies and local storage',
          body: "Summa does not use advertising cookies or third-party trackers. We use your browser's local storage (localStorage) to keep you signed in, remember your chosen language and show your monthly usage count. If you clear this data, you will need to sign in again.\n\nWhen you click a bookstore link, the store's website may set its own cookies under its own privacy policy.",
        },
        contact: {
          title: 'Privacy contact',
          body: "To exercise your rights or ask about this policy, reach Summa's data protection officer through the contact page and mention in your message that the request is about privacy. We may ask you to confirm your identity before acting on it.",
        },
      },
    },
  },
  es: {
    updated: 'Última actualización: 26 de noviembre de 2026',
    toc: 'En esta página',
    contactCta: 'Abrir la página de contacto',
    terms: {
      intro:
        'Estos términos regulan el uso de Summa, una aplicación web que genera resúmenes de libros con inteligencia artificial. Al crear una cuenta o usar el servicio, los aceptas. Lee también nuestra Política de privacidad.',
      sections: {
        service: {
          title: 'El servicio',
          body: 'Summa genera resúmenes de una página a partir del título y el autor de un libro, con ideas clave, acciones prácticas y audio narrado opcional, además de funciones de gamificación como XP, niveles, rachas, logros y ranking.\n\nSumma no reemplaza la lectura de la obra original y no tiene vínculo con autores ni editoriales, salvo que se indique. Podemos mejorar, cambiar o discontinuar funciones y te avisaremos con anticipación cuando el cambio sea relevante para ti.',
        },
        accounts: {
          title: 'Tu cuenta',
          body: 'Para usar Summa necesitas una cuenta, creada con correo y contraseña o con Google. Debes tener al menos 18 años, o la autorización de un padre, madre o tutor, y dar información verdadera.\n\nEres responsable de mantener tu contraseña en secreto y de lo que ocurra en tu cuenta. Avísanos desde la página de contacto si sospechas de un uso indebido. Puedes eliminar tu cuenta en cualquier momento.',
        },
        plans: {
          title: 'Planes y pagos',
          body: 'El plan Gratis incluye 10 resúmenes y 10 audios al mes, y el conteo se reinicia cada mes. Premium es una suscripción mensual o anual que se renueva automáticamente hasta que la canceles, al precio mostrado al contratar: US$ 4,99 al mes o US$ 49 al año en las versiones en español e inglés, y R$ 14,99 al mes o R$ 149 al año en la versión en portugués.\n\nLos pagos los procesa un proveedor de pagos con tarjeta; Summa no guarda los datos completos de tu tarjeta. Puedes cancelar cuando quieras desde el portal del suscriptor y conservas el acceso hasta el final del periodo pagado. En los primeros 7 días desde la contratación, puedes pedir el reembolso completo. Los cambios de precio se avisan antes de la siguiente renovación.',
        },
        acceptableUse: {
          title: 'Uso aceptable',
          body: 'Al usar Summa, aceptas no: intentar eludir los límites del plan, por ejemplo creando varias cuentas; copiar el catálogo o los resúmenes de forma masiva por medios automatizados; revender el servicio o publicar los resúmenes como si fueran de tu autoría; usar apodos o contenidos ofensivos, engañosos o que infrinjan derechos de terceros; ni interferir con la seguridad y el funcionamiento del servicio.\n\nPodemos suspender o cerrar cuentas que incumplan estos términos y te diremos el motivo siempre que sea posible.',
        },
        aiContent: {
          title: 'Contenido generado por IA',
          body: 'Los resúmenes, traducciones y audios se producen automáticamente con modelos de inteligencia artificial. Pueden contener errores, omisiones o interpretaciones imprecisas y no reflejan necesariamente la visión del autor del libro.\n\nLos resúmenes tienen fines educativos y no son asesoramiento profesional, ya sea financiero, médico, legal o psicológico. Confirma la información importante en la obra original o con un profesional calificado.',
        },
        intellectualProperty: {
          title: 'Propiedad intelectual',
          body: 'La marca, el software y el diseño de Summa pertenecen a sus titulares. Los libros pertenecen a sus autores y editoriales; los resúmenes son textos originales sobre las obras y no reproducen su contenido.\n\nPuedes usar los resúmenes para estudio personal y compartirlos con los enlaces de Summa. Los enlaces a librerías pueden ser enlaces de afiliado, por los que Summa recibe una comisión sin costo adicional para ti.',
        },
        liability: {
          title: 'Responsabilidad',
          body: 'Trabajamos para mantener Summa disponible y seguro, pero el servicio se ofrece tal como está y puede tener interrupciones, mantenimientos o fallas. En la máxima medida que permita la ley, Summa no responde por daños indirectos ni por decisiones tomadas con base en los resúmenes.\n\nNada en estos términos limita los derechos que tienes como consumidor según la ley que te aplique.',
        },
        changes: {
          title: 'Cambios en estos términos',
          body: 'Podemos actualizar estos términos para reflejar cambios en el servicio o en la ley. La fecha de la última actualización aparece al inicio de esta página, y te avisaremos por correo o en la aplicación sobre cambios relevantes antes de que entren en vigor. Si no estás de acuerdo con la nueva versión, puedes cancelar y eliminar tu cuenta.\n\nEstos términos se rigen por las leyes de Brasil, sin perjuicio de las protecciones obligatorias al consumidor de tu país de residencia.',
        },
        contact: {
          title: 'Contacto',
          body: '¿Dudas sobre estos términos? Escríbenos desde la página de contacto y te responderemos al correo que indiques.',
        },
      },
    },
    privacy: {
      intro:
        'Esta política explica qué datos personales recopila Summa, para qué los usamos y cuáles son tus derechos. Se aplica a la aplicación web en todos los idiomas. Para las personas en Brasil, seguimos la Ley General de Protección de Datos (LGPD, Ley n.º 13.709/2018).',
      accountCta: 'Abrir Configuración › Cuenta',
      sections: {
        data: {
          title: 'Datos que recopilamos',
          body: 'Datos de la cuenta: nombre, correo, contraseña (guardada solo como hash criptográfico), idioma preferido y, si los defines, avatar y apodo. Si inicias sesión con Google, recibimos tu nombre, correo y el identificador de tu cuenta de Google.\n\nDatos de uso: libros buscados y resumidos, historial, calificaciones, XP, nivel, racha, logros y conteo mensual de uso. Al registrarte, guardamos el idioma, la página y el país desde los que te registraste. Datos técnicos: dirección IP, tipo de navegador y registros de acceso. Datos de pago: plan, estado de la suscripción e historial de cobros; los datos de la tarjeta quedan solo en manos del procesador de pagos.\n\nMensajes: el nombre, el correo y el texto que envías con el formulario de contacto.',
        },
        purposes: {
          title: 'Para qué usamos los datos',
          body: 'Usamos tus datos para crear y proteger tu cuenta; generar, guardar y mostrar tus resúmenes y audios; calcular XP, niveles, rachas, logros y el ranking; controlar los límites del plan y procesar suscripciones; responder tus mensajes; mostrar en la página de inicio, con tu apodo, un comentario que dejaste con voto positivo, cuando lo elegimos (pídelo en la página de contacto y lo retiramos); enviar avisos del servicio; prevenir fraudes y abusos; y entender, de forma agregada, cómo se usa Summa para mejorarlo.\n\nNo vendemos tus datos personales, no los usamos para publicidad ni para entrenar modelos de inteligencia artificial.',
        },
        legalBases: {
          title: 'Bases legales',
          body: 'Según la LGPD, tratamos tus datos con base en la ejecución del contrato (art. 7, V), para prestar el servicio que usas; el cumplimiento de obligaciones legales o regulatorias (art. 7, II), por ejemplo para guardar registros de acceso y datos fiscales; el interés legítimo (art. 7, IX), para seguridad, prevención de fraudes y mejora del servicio, respetando tus derechos y expectativas; y el consentimiento (art. 7, I), cuando lo pedimos, como para comunicaciones opcionales, que puedes retirar en cualquier momento.\n\nFuera de Brasil, aplicamos las bases equivalentes que prevé la ley de tu país.',
        },
        retention: {
          title: 'Cuánto tiempo guardamos los datos',
          body: 'Guardamos los datos de tu cuenta mientras exista.\n\nCuando eliminas tu cuenta (Configuración › Cuenta › Eliminar mi cuenta), borramos en el acto tu nombre, correo, contraseña, vínculo con Google, avatar, apodo, historial, calificaciones (y un comentario tuyo que esté en la página de inicio), XP, nivel, racha, logros, lugar en el ranking, los dispositivos conectados y los mensajes que enviaste por la página de contacto con la sesión iniciada. Si tienes una suscripción Premium activa, se cancela en el mismo momento, sin más cobros.\n\nLo que queda después de la eliminación, y por cuánto tiempo: los resúmenes y audios generados siguen en el catálogo, porque los comparten todos los lectores, pero sin ningún vínculo contigo; los conteos anónimos de uso, que no identifican a nadie, quedan sin plazo; los registros de acceso (dirección IP, fecha y hora) quedan 6 meses, como exige el Marco Civil de Internet de Brasil; y los registros de pago quedan en Stripe, que procesa los pagos, durante el plazo que fija la ley tributaria, por lo general 5 años (Summa no guarda datos de tarjetas). Las copias de seguridad que aún tengan tus datos se reemplazan en un plazo de 30 días.',
        },
        sharing: {
          title: 'Con quién compartimos datos',
          body: 'Compartimos solo lo necesario con encargados que tratan datos en nuestro nombre y bajo contrato: proveedores de alojamiento y almacenamiento, donde están la aplicación y la base de datos; el procesador de pagos, que recibe los datos de la tarjeta y del cobro; el proveedor de inteligencia artificial, que recibe el título, el autor y el idioma del libro para generar el resumen y el texto que se narra, sin tu nombre ni tu correo; y el proveedor de correo, para los mensajes del servicio.\n\nAlgunos de estos proveedores pueden estar fuera de Brasil; en ese caso, la transferencia internacional sigue las salvaguardas de la LGPD. También podemos compartir datos cuando lo exija la ley o una orden judicial.',
        },
        rights: {
          title: 'Tus derechos',
          body: 'La ley de protección de datos de Brasil (LGPD, art. 18) te da los derechos de abajo. La mayoría los ejerces tú mismo, en cualquier momento, en Configuración › Cuenta, sin pedírselo a nadie.\n\nAcceso y confirmación: en Configuración › Cuenta, usa “Descargar mis datos”. Recibes en el acto un archivo con todo lo que guardamos sobre ti, lo que también confirma qué datos tratamos.\n\nCorrección: apodo, avatar, idioma y zona horaria están al comienzo de Configuración; correo y contraseña, en la sección Cuenta. Para corregir tu nombre o cualquier otro dato, escríbenos desde la página de contacto.\n\nPortabilidad: el archivo de “Descargar mis datos” está en JSON, un formato abierto que puedes guardar o llevar a otro servicio.\n\nEliminación: en Configuración › Cuenta, usa “Eliminar mi cuenta”. La pantalla muestra lo que se borra y lo que queda, y la eliminación ocurre en el acto. Para cerrar la sesión de un dispositivo sin eliminar la cuenta, usa “Dispositivos conectados”.\n\nInformación: esta página dice qué datos tratamos, por qué, con quién los compartimos y cuánto tiempo los guardamos. Para saber más, o para retirar un consentimiento, pedir la anonimización o el bloqueo, u oponerte a un tratamiento, escríbenos desde la página de contacto; respondemos en un plazo de 15 días.\n\nTambién puedes presentar un reclamo ante la Autoridad Nacional de Protección de Datos de Brasil (ANPD) o la autoridad de protección de datos de tu país.',
        },
        cookies: {
          title: 'Cookies y almacenamiento local',
          body: 'Summa no usa cookies publicitarias ni rastreadores de terceros. Usamos el almacenamiento local del navegador (localStorage) para mantener tu sesión iniciada, recordar el idioma elegido y mostrar tu conteo de uso del mes. Si borras estos datos, tendrás que iniciar sesión de nuevo.\n\nAl hacer clic en un enlace a una librería, su sitio web puede definir sus propias cookies, según su política de privacidad.',
        },
        contact: {
          title: 'Contacto sobre privacidad',
          body: 'Para ejercer tus derechos o resolver dudas sobre esta política, escribe al encargado de protección de datos de Summa desde la página de contacto y menciona en el mensaje que la solicitud es sobre privacidad. Podemos pedirte que confirmes tu identidad antes de atenderla.',
        },
      },
    },
  },
});
