import { z } from 'zod';

// With the u flag a well-formed surrogate pair is one code point, so this matches only lone surrogates.
const loneSurrogate = /\p{Cs}/u;
// Format, control and separator characters, and whatever Unicode says renders as nothing (U+3164 HANGUL
// FILLER, U+115F/U+1160, variation selectors…), plus the blank braille pattern: text made only of these
// looks empty on the page.
const invisible = /[\p{Cf}\p{Cc}\p{Z}\p{Default_Ignorable_Code_Point}\u2800]/gu;

/** True when the text shows nothing: empty, spaces, or only invisible characters such as U+200B. */
export function isBlankText(value: string): boolean {
  return value.replace(invisible, '') === '';
}

/**
 * Text a visitor or the operator sends. Refused: NUL characters (PostgreSQL cannot store them in text, SQLite
 * can, so accepting them would make the two databases hold different data) and lone surrogates (half of a
 * character: each database would store something else, U+FFFD or the raw escape).
 */
export function cleanText(error?: string) {
  return z
    .string(error ? { error } : undefined)
    .refine((value) => !value.includes('\0'), 'Text must not contain NUL characters.')
    .refine(
      (value) => !loneSurrogate.test(value),
      'Text must not contain broken characters (lone surrogates).',
    );
}

/**
 * Text that must say something: trimmed, at most `max` characters, and not blank, where characters that show
 * nothing (zero-width spaces, direction marks, fillers) count as blank.
 */
export function requiredText(message: string, max: { length: number; message: string }) {
  return (
    cleanText(message)
      .trim()
      .min(1, message)
      .max(max.length, max.message)
      // Empty is said once, by min(1): this says it of text that only looks empty. Neither stops the checks of
      // the object around it, so a form hears every problem at once.
      .refine((value) => value === '' || !isBlankText(value), message)
  );
}

/** The largest id or order value a 32-bit integer column holds. */
export const maxInt32 = 2_147_483_647;
