import { defineMessages } from '../define-messages.js';

/** The /profile page. */
export const profile = defineMessages({
  pt: {},
  en: {},
  es: {},
});
