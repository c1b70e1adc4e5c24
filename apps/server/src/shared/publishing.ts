import { type Kysely, type RawBuilder, sql } from 'kysely';

/**
 * Drafts and scheduled content (posts, blogs; decision 0041): a row with `draft` (0/1) and `publish_at` (ISO
 * text, or null) is public once it is no draft and its publish time, if any, is not after `now`. ISO texts
 * in UTC compare as times.
 */
export function isPublic(now: string): RawBuilder<boolean> {
  return sql<boolean>`(draft = 0 and (publish_at is null or publish_at <= ${now}))`;
}

/**
 * Which rows a read sees: the public ones at `publicAt` (an ISO time: no drafts, nothing scheduled later), or
 * `'all'` (the admin calls, imports).
 */
export type Visibility = { publicAt: string } | 'all';

/** `%` and `_` match themselves in a LIKE pattern (with `escape '\\'`). */
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The condition of a read: what `visibility` lets it see, and titles holding `titleHas` (any case). */
export function visibleWhere(visibility: Visibility, titleHas?: string): RawBuilder<boolean> {
  const shown = visibility === 'all' ? sql<boolean>`1 = 1` : isPublic(visibility.publicAt);
  return titleHas
    ? sql<boolean>`(${shown} and lower(title) like ${likePattern(titleHas)} escape '\\')`
    : shown;
}

/** The columns of a write: `publishAt` kept as given (already UTC ISO), drafts as 1. */
export function publishingColumns(input: { draft?: boolean | undefined; publishAt?: string | undefined }) {
  return { draft: input.draft ? 1 : 0, publish_at: input.publishAt ?? null };
}

/** The answer's fields of a row. */
export function publishingFields(row: { draft: number; publish_at: string | null }) {
  return { draft: row.draft === 1, ...(row.publish_at === null ? {} : { publishAt: row.publish_at }) };
}

/** The time (ms) of the next publish time after `now` of a table's rows, if any: when its public lists change. */
export async function nextPublishTime(
  // biome-ignore lint/suspicious/noExplicitAny: the table is chosen by name; it has draft and publish_at
  db: Kysely<any>,
  table: string,
  now: string,
): Promise<number | undefined> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.min<string | null>('publish_at').as('next'))
    .where('draft', '=', 0)
    .where('publish_at', '>', now)
    .executeTakeFirst();
  return row?.next ? Date.parse(row.next) : undefined;
}

/**
 * The date a reader sees an item by in the sitemap and feeds: its publish time when that is after its
 * creation date (a scheduled item was not there before), else its creation date.
 */
export function publishedOn(item: { createdAt: string; publishAt?: string | undefined }): string {
  return item.publishAt !== undefined && item.publishAt > item.createdAt ? item.publishAt : item.createdAt;
}
