/**
 * Post search runs only from this many characters (tools-and-trading.md section 5). In a module of its own,
 * without zod, so the search page knows it without loading the schemas before the visitor types.
 */
export const postSearchMinLength = 3;
