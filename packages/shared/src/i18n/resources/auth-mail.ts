import { defineMessages } from '../define-messages.js';
import en from '../locales/en/auth-mail.json' with { type: 'json' };
import es from '../locales/es/auth-mail.json' with { type: 'json' };
import pt from '../locales/pt/auth-mail.json' with { type: 'json' };

/** E-mails the server sends about an account, in the user's preferred language. */
export const authMail = defineMessages({ pt, en, es });
