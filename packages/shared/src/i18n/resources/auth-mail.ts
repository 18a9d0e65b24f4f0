import { defineMessages } from '../define-messages.js';

/** E-mails the server sends about an account, in the user's preferred language. */
export const authMail = defineMessages({
  pt: {
    passwordChanged: {
      subject: 'Sua senha do Summa foi alterada',
      body: 'Olá, {{name}}!\n\nA senha da sua conta no Summa acabou de ser alterada, e as outras sessões abertas foram encerradas.\n\nSe foi você, está tudo certo. Se não foi, redefina sua senha agora em {{link}} e escreva para nós.\n\nEquipe Summa',
    },
    changeEmail: {
      subject: 'Confirme seu novo e-mail no Summa',
      body: 'Olá, {{name}}!\n\nPara que este endereço passe a ser o e-mail da sua conta no Summa, abra este link (válido por 7 dias, uma única vez):\n\n{{link}}\n\nAté lá, sua conta continua com o e-mail anterior. Se você não pediu isso, ignore este e-mail.\n\nEquipe Summa',
    },
    emailChanged: {
      subject: 'O e-mail da sua conta no Summa foi alterado',
      body: 'Olá, {{name}}!\n\nO e-mail da sua conta no Summa agora é {{email}}. Este endereço não recebe mais mensagens da conta.\n\nSe não foi você, escreva para nós o quanto antes.\n\nEquipe Summa',
    },
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
    passwordChanged: {
      subject: 'Your Summa password was changed',
      body: 'Hi {{name}},\n\nThe password of your Summa account was just changed, and your other open sessions were signed out.\n\nIf this was you, all is well. If not, reset your password now at {{link}} and write to us.\n\nThe Summa team',
    },
    changeEmail: {
      subject: 'Confirm your new e-mail for Summa',
      body: 'Hi {{name}},\n\nTo make this address the e-mail of your Summa account, open this link (valid for 7 days, once):\n\n{{link}}\n\nUntil then your account keeps its previous e-mail. If you did not ask for this, ignore this e-mail.\n\nThe Summa team',
    },
    emailChanged: {
      subject: 'The e-mail of your Summa account was changed',
      body: "Hi {{name}},\n\nThe e-mail of your Summa account is now {{email}}. This address no longer receives the account's messages.\n\nIf this was not you, write to us as soon as possible.\n\nThe Summa team",
    },
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
    passwordChanged: {
      subject: 'Tu contraseña de Summa fue cambiada',
      body: 'Hola, {{name}}:\n\nLa contraseña de tu cuenta de Summa acaba de cambiarse, y se cerraron tus otras sesiones abiertas.\n\nSi fuiste tú, todo está bien. Si no, restablece tu contraseña ahora en {{link}} y escríbenos.\n\nEl equipo de Summa',
    },
    changeEmail: {
      subject: 'Confirma tu nuevo correo en Summa',
      body: 'Hola, {{name}}:\n\nPara que esta dirección sea el correo de tu cuenta de Summa, abre este enlace (válido por 7 días, una sola vez):\n\n{{link}}\n\nHasta entonces tu cuenta conserva su correo anterior. Si no lo solicitaste, ignora este correo.\n\nEl equipo de Summa',
    },
    emailChanged: {
      subject: 'El correo de tu cuenta de Summa fue cambiado',
      body: 'Hola, {{name}}:\n\nEl correo de tu cuenta de Summa ahora es {{email}}. Esta dirección ya no recibe los mensajes de la cuenta.\n\nSi no fuiste tú, escríbenos cuanto antes.\n\nEl equipo de Summa',
    },
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
