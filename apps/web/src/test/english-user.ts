import userEvent, { type UserEvent } from '@testing-library/user-event';
import { setLanguage } from '../lib/i18n';

/** The interface in English, the language the tests' texts are in, and a user to click and type through it. */
export function englishUser(): UserEvent {
  setLanguage('en');
  return userEvent.setup();
}
