import { defineMessages } from '../define-messages.js';

/** E-mails the server sends about an account, in the user's preferred language. */
export const authMail = defineMessages({
  pt: {
    resetPassword: {
      subject: 'Redefina sua senha do Summa',
      body: 'Olá, {{name}}!\n\nRecebemos um pedido para redefinir a senha da sua conta no Summa. Para escolher uma nova senha, abra este link (válido por 1 hora, uma única vez):\n\n{{link}}\n\nSe você não pediu isso, ignore este e-mail: sua senha continua a mesma.\n\nEquipe Summa',
    },
  },
  en: {
    resetPassword: {
      subject: 'Reset your Summa password',
      body: 'Hi {{name}},\n\nWe received a request to reset the password of your Summa account. To choose a new password, open this link (valid for 1 hour, once):\n\n{{link}}\n\nIf you did not ask for this, ignore this e-mail: your password stays the same.\n\nThe Summa team',
    },
  },
  es: {
    resetPassword: {
      subject: 'Restablece tu contraseña de Summa',
      body: 'Hola, {{name}}:\n\nRecibimos una solicitud para restablecer la contraseña de tu cuenta de Summa. Para elegir una nueva contraseña, abre este enlace (válido durante 1 hora, una sola vez):\n\n{{link}}\n\nSi no lo solicitaste, ignora este correo: tu contraseña sigue siendo la misma.\n\nEl equipo de Summa',
    },
  },
});
