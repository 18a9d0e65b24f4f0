import { defineMessages } from '../define-messages.js';

/** The /settings page. */
export const settings = defineMessages({
  pt: {},
  en: {},
  es: {},
});
