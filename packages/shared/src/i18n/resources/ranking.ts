import { defineMessages } from '../define-messages.js';

/** The /ranking page. */
export const ranking = defineMessages({
  pt: {},
  en: {},
  es: {},
});
