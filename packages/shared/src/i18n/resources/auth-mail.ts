import { defineMessages } from '../define-messages.js';

/** E-mails the server sends about an account, in the user's preferred language. */
export const authMail = defineMessages({
  pt: {
    confirmEmail: {
      subject: 'Confirme seu e-mail no Summa',
      body: 'Olá, {{name}}!\n\nPara confirmar que este endereço é seu, abra este link (válido por 7 dias):\n\n{{link}}\n\nSe você não criou uma conta no Summa, ignore este e-mail.\n\nEquipe Summa',
    },
    resetPassword: {
      subject: 'Redefina sua senha do Summa',
      body: 'Olá, {{name}}!\n\nRecebemos um pedido para redefinir a senha da sua conta no Summa. Para escolher uma nova senha, abra este link (válido por 1 hora, uma única vez):\n\n{{link}}\n\nSe você não pediu isso, ignore este e-mail: sua senha continua a mesma.\n\nEquipe Summa',
    },
  },
  en: {
    confirmEmail: {
      subject: 'Confirm your e-mail for Summa',
      body: 'Hi {{name}},\n\nTo confirm that this address is yours, open this link (valid for 7 days):\n\n{{link}}\n\nIf you did not create a Summa account, ignore this e-mail.\n\nThe Summa team',
    },
    resetPassword: {
      subject: 'Reset your Summa password',
      body: 'Hi {{name}},\n\nWe received a request to reset the password of your Summa account. To choose a new password, open this link (valid for 1 hour, once):\n\n{{link}}\n\nIf you did not ask for this, ignore this e-mail: your password stays the same.\n\nThe Summa team',
    },
  },
  es: {
    confirmEmail: {
      subject: 'Confirma tu correo en Summa',
      body: '¡Hola, {{name}}!\n\nPara confirmar que esta dirección es tuya, abre este enlace (válido por 7 días):\n\n{{link}}\n\nSi no creaste una cuenta en Summa, ignora este correo.\n\nEl equipo de Summa',
    },
    resetPassword: {
      subject: 'Restablece tu contraseña de Summa',
      body: 'Hola, {{name}}:\n\nRecibimos una solicitud para restablecer la contraseña de tu cuenta de Summa. Para elegir una nueva contraseña, abre este enlace (válido durante 1 hora, una sola vez):\n\n{{link}}\n\nSi no lo solicitaste, ignora este correo: tu contraseña sigue siendo la misma.\n\nEl equipo de Summa',
    },
  },
});
