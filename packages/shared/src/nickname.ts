import { mistake } from './contracts/mistake.js';
import type { MistakeKey } from './contracts/mistakes.js';
import { text } from './contracts/text.js';
import { NICKNAME_MAX_LENGTH, NICKNAME_MIN_LENGTH } from './xp.js';

/**
 * What a nickname may be made of, shared by the settings form and the server so that both refuse
 * the same names. A nickname is shown to other readers in the ranking, so it must look like what it
 * is: no text that renders blank, reorders itself or hides characters between the visible ones.
 */

/** Why a nickname is refused, beyond its length; each has a message in `settings.nickname`. */
export const NICKNAME_REFUSALS = ['invisible', 'spacing', 'noLetterOrDigit'] as const;
export type NicknameRefusal = (typeof NICKNAME_REFUSALS)[number];

/** Any whitespace but the plain space that NFKC leaves, such as the Ogham space mark. */
const OTHER_WHITESPACE = /[^\S ]/u;

/** At either end, or two in a row: padding that makes two names look alike. */
const LOOSE_SPACE = /^ | $| {2}/u;

/**
 * Characters that render as nothing or change how their neighbours render:
 * - controls, format characters (bidi overrides and isolates, zero-width space and joiners, soft
 *   hyphen, tags), private-use, lone surrogates and code points not yet assigned (which a newer
 *   font may draw as anything);
 * - every Default_Ignorable_Code_Point, which covers the variation selectors, the combining
 *   grapheme joiner and the Hangul fillers (U+115F, U+1160, U+3164, U+FFA0), letters that draw
 *   nothing;
 * - symbols that draw nothing either: the Braille blank (U+2800) and the musical null notehead.
 */
const INVISIBLE =
  /[\p{Cc}\p{Cf}\p{Co}\p{Cs}\p{Cn}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\u2800\u{1D159}]/u;

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/**
 * The form a nickname is stored and shown in: trimmed, then NFKC, so that full-width, ligature and
 * other compatibility forms become the plain characters they stand for ('ＡＤＭＩＮ' → 'ADMIN').
 */
export function normalizeNickname(value: string): string {
  return value.trim().normalize('NFKC');
}

/** Why a normalized nickname is refused, or null when it may be used. */
export function nicknameRefusal(normalized: string): NicknameRefusal | null {
  if (INVISIBLE.test(normalized)) return 'invisible';
  // NFKC may turn a spacing accent into a space and a combining one ('¨' → ' ̈'): checked after it.
  if (OTHER_WHITESPACE.test(normalized) || LOOSE_SPACE.test(normalized)) return 'spacing';
  if (!LETTER_OR_DIGIT.test(normalized)) return 'noLetterOrDigit';
  return null;
}

/** The text of each refusal, the contract's message for it. */
const REFUSAL_MISTAKES = {
  invisible: 'settings.nickname.invisible',
  spacing: 'settings.nickname.spacing',
  noLetterOrDigit: 'settings.nickname.noLetterOrDigit',
} as const satisfies Record<NicknameRefusal, MistakeKey>;

/**
 * A new nickname, as the reader types it: trimmed and NFKC-normalized (`normalizeNickname`), then
 * visible text with a letter or digit (`nicknameRefusal`, named before the length: a few invisible
 * characters are better named than counted), 3 to 20 characters long; shown as text, never as
 * markup. The server also refuses one that looks like another reader's. Names stored before this
 * rule are answered as they are: the answers' contracts do not apply it.
 */
export const nicknameSchema = text()
  .overwrite(normalizeNickname)
  .check((context) => {
    // An empty name is counted (too short), not refused for lacking a letter.
    const refusal = context.value === '' ? null : nicknameRefusal(context.value);
    if (refusal === null) return;
    context.issues.push({
      code: 'custom',
      message: mistake(REFUSAL_MISTAKES[refusal]),
      params: { reason: refusal },
      input: context.value,
      continue: false,
    });
  })
  .min(NICKNAME_MIN_LENGTH, mistake('settings.nickname.tooShort'))
  .max(NICKNAME_MAX_LENGTH, mistake('settings.nickname.tooLong'));
