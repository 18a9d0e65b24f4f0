import { textsByLanguage, type AreaTexts } from './define-messages.js';
import { achievements } from './resources/achievements.js';
import { admin } from './resources/admin.js';
import { audio } from './resources/audio.js';
import { auth } from './resources/auth.js';
import { catalog } from './resources/catalog.js';
import { common } from './resources/common.js';
import { errors } from './resources/errors.js';
import { gamification } from './resources/gamification.js';
import { generate } from './resources/generate.js';
import { history } from './resources/history.js';
import { landing } from './resources/landing.js';
import { offline } from './resources/offline.js';
import { pages } from './resources/pages.js';
import { plans } from './resources/plans.js';
import { profile } from './resources/profile.js';
import { review } from './resources/review.js';
import { ranking } from './resources/ranking.js';
import { search } from './resources/search.js';
import { settings } from './resources/settings.js';
import { summary } from './resources/summary.js';

/**
 * The areas of interface text the web app loads with its first screen. The others (index.ts) are
 * the server's mail, or the texts of one public page only (FAQ, terms and privacy, contact), which
 * come with that page's own chunk (apps/web lib/page-texts.ts): the app's first screen does not
 * carry every language of them (issue 24).
 */
export const APP_AREAS = {
  common,
  errors,
  pages,
  landing,
  catalog,
  search,
  auth,
  generate,
  summary,
  audio,
  history,
  admin,
  gamification,
  achievements,
  review,
  ranking,
  profile,
  settings,
  plans,
  offline,
};

export type AppTranslationResource = AreaTexts<typeof APP_AREAS>;

/** The app's first screen's texts in each language. */
export const appTranslations = textsByLanguage(APP_AREAS);
