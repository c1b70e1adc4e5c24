import { z } from 'zod';

/**
 * Text a visitor or the operator sends. NUL characters are refused: PostgreSQL cannot store them in text
 * (SQLite can), so accepting them would make the two databases hold different data.
 */
export function cleanText(error?: string) {
  return z
    .string(error ? { error } : undefined)
    .refine((value) => !value.includes('\0'), 'Text must not contain NUL characters.');
}

/** The largest id or order value a 32-bit integer column holds. */
export const maxInt32 = 2_147_483_647;
