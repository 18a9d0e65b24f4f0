import { defineMessages } from '../define-messages.js';

/** The contact page (spec §2, §5, §8) and the mail it sends to the team (CONTACT_TO). */
export const contact = defineMessages({
  pt: {
    form: {
      label: 'Formulário de contato',
      name: 'Nome',
      email: 'E-mail',
      emailHint: 'Respondemos neste endereço.',
      message: 'Mensagem',
      counter: '{{used}}/{{max}}',
      submit: 'Enviar mensagem',
      sending: 'Enviando…',
      honeypot: 'Deixe este campo em branco',
      privacy: 'Usamos seu nome e e-mail só para responder a esta mensagem.',
    },
    validation: {
      required: 'Por favor, preencha todos os campos.',
      nameTooLong: 'O nome pode ter no máximo {{max}} caracteres.',
      messageTooShort: 'A mensagem precisa ter pelo menos {{min}} caracteres.',
      messageTooLong: 'A mensagem pode ter no máximo {{max}} caracteres.',
    },
    error: 'Erro ao enviar mensagem. Tente novamente.',
    sent: {
      title: 'Mensagem enviada!',
      body: 'Obrigado por escrever. Vamos responder em {{email}}, em geral em poucos dias úteis.',
      again: 'Enviar outra mensagem',
    },
    mail: {
      subject: 'Contato pelo Summa: {{name}}',
      body: 'Nova mensagem pelo formulário de contato do Summa.\n\nNome: {{name}}\nE-mail: {{email}}\nIdioma: {{language}}\n{{account}}\n\n{{message}}\n',
      signedIn: 'Enviada por um leitor com conta (id {{userId}}).',
      signedOut: 'Enviada sem entrar em uma conta.',
    },
  },
  en: {
    form: {
      label: 'Contact form',
      name: 'Name',
      email: 'E-mail',
      emailHint: 'We reply to this address.',
      message: 'Message',
      counter: '{{used}}/{{max}}',
      submit: 'Send message',
      sending: 'Sending…',
      honeypot: 'Leave this field empty',
      privacy: 'We use your name and e-mail only to reply to this message.',
    },
    validation: {
      required: 'Please fill in all fields.',
      nameTooLong: 'The name can have at most {{max}} characters.',
      messageTooShort: 'The message needs at least {{min}} characters.',
      messageTooLong: 'The message can have at most {{max}} characters.',
    },
    error: 'Error sending message. Please try again.',
    sent: {
      title: 'Message sent!',
      body: 'Thank you for writing. We will reply to {{email}}, usually within a few business days.',
      again: 'Send another message',
    },
    mail: {
      subject: 'Summa contact: {{name}}',
      body: "A new message through Summa's contact form.\n\nName: {{name}}\nE-mail: {{email}}\nLanguage: {{language}}\n{{account}}\n\n{{message}}\n",
      signedIn: 'Sent by a reader with an account (id {{userId}}).',
      signedOut: 'Sent without signing in.',
    },
  },
  es: {
    form: {
      label: 'Formulario de contacto',
      name: 'Nombre',
      email: 'Correo electrónico',
      emailHint: 'Respondemos a esta dirección.',
      message: 'Mensaje',
      counter: '{{used}}/{{max}}',
      submit: 'Enviar mensaje',
      sending: 'Enviando…',
      honeypot: 'Deja este campo vacío',
      privacy: 'Usamos tu nombre y correo solo para responder a este mensaje.',
    },
    validation: {
      required: 'Por favor, completa todos los campos.',
      nameTooLong: 'El nombre puede tener como máximo {{max}} caracteres.',
      messageTooShort: 'El mensaje necesita al menos {{min}} caracteres.',
      messageTooLong: 'El mensaje puede tener como máximo {{max}} caracteres.',
    },
    error: 'Error al enviar el mensaje. Inténtalo de nuevo.',
    sent: {
      title: '¡Mensaje enviado!',
      body: 'Gracias por escribir. Responderemos a {{email}}, por lo general en pocos días hábiles.',
      again: 'Enviar otro mensaje',
    },
    mail: {
      subject: 'Contacto desde Summa: {{name}}',
      body: 'Un mensaje nuevo desde el formulario de contacto de Summa.\n\nNombre: {{name}}\nCorreo: {{email}}\nIdioma: {{language}}\n{{account}}\n\n{{message}}\n',
      signedIn: 'Enviado por un lector con cuenta (id {{userId}}).',
      signedOut: 'Enviado sin iniciar sesión.',
    },
  },
});
