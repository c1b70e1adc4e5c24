import type { Generated } from 'kysely';

/**
 * Table types for Kysely; each migration adds its tables here.
 * Dates are ISO-8601 text and booleans 0/1 in both dialects, so both behave the same
 * (docs/decisions/0002-sqlite-driver.md).
 */
export interface DatabaseSchema {
  app_state: { key: string; value: string };
  blogs: {
    id: Generated<number>;
    title: string;
    title_key: string;
    content: string;
    author: string;
    created_at: string;
    sort_order: number | null;
    updated_at: string;
  };
  posts: {
    id: Generated<number>;
    title: string;
    title_key: string;
    author: string | null;
    created_at: string;
    description: string | null;
    image: string | null;
    content: string | null;
    imgf: number;
    /** JSON array of post sections. */
    content_array: string | null;
    updated_at: string;
  };
}
