import type { Language } from '../languages.js';
import { admin } from './resources/admin.js';
import { audio } from './resources/audio.js';
import { auth } from './resources/auth.js';
import { authMail } from './resources/auth-mail.js';
import { catalog } from './resources/catalog.js';
import { common } from './resources/common.js';
import { contact } from './resources/contact.js';
import { errors } from './resources/errors.js';
import { faq } from './resources/faq.js';
import { generate } from './resources/generate.js';
import { history } from './resources/history.js';
import { gamification } from './resources/gamification.js';
import { achievements } from './resources/achievements.js';
import { ranking } from './resources/ranking.js';
import { profile } from './resources/profile.js';
import { settings } from './resources/settings.js';
import { landing } from './resources/landing.js';
import { legal } from './resources/legal.js';
import { pages } from './resources/pages.js';
import { plans } from './resources/plans.js';
import { search } from './resources/search.js';
import { summary } from './resources/summary.js';

/** Every area of interface text; add a new area's file here. */
const areas = {
  common,
  errors,
  pages,
  landing,
  catalog,
  authMail,
  search,
  auth,
  faq,
  legal,
  generate,
  summary,
  audio,
  history,
  admin,
  gamification,
  achievements,
  ranking,
  profile,
  settings,
  plans,
  contact,
};

type Areas = typeof areas;
export type TranslationResource = { [A in keyof Areas]: Areas[A]['pt'] };

function resourceFor(language: Language): TranslationResource {
  const entries = Object.entries(areas).map(([name, area]) => [name, area[language]]);
  return Object.fromEntries(entries) as TranslationResource;
}

export { defineMessages, type MessageTree, type SameKeys } from './define-messages.js';

export const translations: Record<Language, TranslationResource> = {
  pt: resourceFor('pt'),
  en: resourceFor('en'),
  es: resourceFor('es'),
};
