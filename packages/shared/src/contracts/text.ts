import { z } from 'zod';

/** NUL, or a UTF-16 surrogate without its pair (the `u` flag reads a well-formed pair as one code point). */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this pattern looks for
const UNSAFE_CHARACTER = /\u0000|\p{Cs}/u;

/**
 * Refuses what no text column can hold: PostgreSQL text cannot store NUL, and a lone surrogate is
 * not Unicode text at all (it cannot be written as UTF-8). One check instance, shared by every
 * string of every contract, so a test can see that each string carries it.
 */
export const SAFE_TEXT_CHECK = z.refine<string>((value) => !UNSAFE_CHARACTER.test(value), {
  message: 'must not contain NUL or unpaired surrogate characters',
  params: { reason: 'unsafe_character' },
});

/**
 * The string every contract builds on: a `z.string()` that refuses NUL and lone surrogates with a
 * validation error, before any handler or database sees the value. Chain the usual string methods.
 */
export const text = () => z.string().check(SAFE_TEXT_CHECK);
