/**
 * Table types for Kysely. Each feature's migration adds its tables here.
 * Dates are stored as ISO-8601 text and booleans as 0/1 in both dialects, so the two behave the same
 * (docs/decisions/0005-portable-column-types.md).
 */
// biome-ignore lint/complexity/noBannedTypes: filled by the content migrations
export type DatabaseSchema = {};
