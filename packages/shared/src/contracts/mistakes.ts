import { PASSWORD_MIN_LENGTH } from '../auth-constants.js';
import { fillTemplate } from '../i18n/fill-template.js';
import { translations, type TranslationResource } from '../i18n/index.js';
import type { Language } from '../languages.js';
import { NICKNAME_MAX_LENGTH, NICKNAME_MIN_LENGTH } from '../xp.js';
import { FULL_NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH } from './auth.js';
import {
  CONTACT_MESSAGE_MAX_LENGTH,
  CONTACT_MESSAGE_MIN_LENGTH,
  CONTACT_NAME_MAX_LENGTH,
} from './contact.js';
import { BOOK_AUTHOR_MAX_LENGTH, BOOK_TITLE_MAX_LENGTH, FEEDBACK_COMMENT_MAX_LENGTH } from './summaries.js';

/** The texts of the areas whose forms send contracts: where a named refusal's text lives. */
type FormTexts = Pick<TranslationResource, 'auth' | 'contact' | 'search' | 'settings' | 'summary'>;

/** 'auth.validation.emailInvalid' and the like: the path of one text of `FormTexts`. */
type TextPath<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : TextPath<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/**
 * Every refusal a contract names (its zod message is the key, through `mistake()`), with the
 * values its text's placeholders take. A refusal a contract does not name (a NUL character, a
 * wrong type) reads as the general `errors.VALIDATION_ERROR` on both sides.
 */
export const MISTAKES = {
  'auth.validation.fullNameRequired': {},
  'auth.validation.fullNameTooLong': { max: FULL_NAME_MAX_LENGTH },
  'auth.validation.fullNameMarkup': {},
  'auth.validation.emailRequired': {},
  'auth.validation.emailInvalid': {},
  'auth.validation.passwordRequired': {},
  'auth.validation.passwordTooShort': { min: PASSWORD_MIN_LENGTH },
  'auth.validation.passwordTooLong': { max: PASSWORD_MAX_LENGTH },
  'settings.nickname.tooShort': { min: NICKNAME_MIN_LENGTH },
  'settings.nickname.tooLong': { max: NICKNAME_MAX_LENGTH },
  'settings.nickname.invisible': {},
  'settings.nickname.spacing': {},
  'settings.nickname.noLetterOrDigit': {},
  'settings.timeZone.invalid': {},
  'settings.reminders.timeInvalid': {},
  'settings.reminders.daysInvalid': {},
  'settings.reminders.daysRequired': {},
  'search.details.titleRequired': {},
  'search.details.titleTooLong': { max: BOOK_TITLE_MAX_LENGTH },
  'search.details.authorRequired': {},
  'search.details.authorTooLong': { max: BOOK_AUTHOR_MAX_LENGTH },
  'summary.feedback.commentTooLong': { max: FEEDBACK_COMMENT_MAX_LENGTH },
  'contact.validation.required': {},
  'contact.validation.nameTooLong': { max: CONTACT_NAME_MAX_LENGTH },
  'contact.validation.messageTooShort': { min: CONTACT_MESSAGE_MIN_LENGTH },
  'contact.validation.messageTooLong': { max: CONTACT_MESSAGE_MAX_LENGTH },
} as const satisfies Partial<Record<TextPath<FormTexts>, Readonly<Record<string, number>>>>;

export type MistakeKey = keyof typeof MISTAKES;

/** A named refusal: the text's key and its placeholders' values. */
export interface Mistake {
  key: MistakeKey;
  values: Readonly<Record<string, number>>;
}

function isMistakeKey(message: string): message is MistakeKey {
  return Object.hasOwn(MISTAKES, message);
}

/** The refusal a validation issue's message names, or null when its contract names none. */
export function mistakeOf(message: string | undefined): Mistake | null {
  if (message === undefined || !isMistakeKey(message)) return null;
  return { key: message, values: MISTAKES[message] };
}

/** A named refusal's text in `language`, filled in; null for a message that names none. */
export function mistakeText(language: Language, message: string | undefined): string | null {
  const named = mistakeOf(message);
  if (!named) return null;
  let node: unknown = translations[language];
  for (const part of named.key.split('.')) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, part)) return null;
    node = Reflect.get(node, part);
  }
  return typeof node === 'string' ? fillTemplate(node, named.values) : null;
}
