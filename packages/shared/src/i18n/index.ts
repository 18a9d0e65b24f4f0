import type { Language } from '../languages.js';
import { APP_AREAS } from './app-texts.js';
import { textsByLanguage, type AreaTexts } from './define-messages.js';
import { authMail } from './resources/auth-mail.js';
import { contact } from './resources/contact.js';
import { faq } from './resources/faq.js';
import { legal } from './resources/legal.js';
import { reminders } from './resources/reminders.js';

/**
 * Every area of interface text: the app's first screen's (app-texts.ts; add a new area there when
 * the app needs it everywhere), the server's mail, and the texts of one page only.
 */
const areas = { ...APP_AREAS, authMail, reminders, faq, legal, contact };

export type TranslationResource = AreaTexts<typeof areas>;

export { defineMessages, type MessageTree, type SameKeys } from './define-messages.js';

export const translations: Record<Language, TranslationResource> = textsByLanguage(areas);
