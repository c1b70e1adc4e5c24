import type { Generated } from 'kysely';

export type BlogTables = {
  blogs: {
    id: Generated<number>;
    title: string;
    /** The title with whitespace runs collapsed; unique. */
    title_key: string;
    content: string;
    author: string;
    created_at: string;
    sort_order: number | null;
    /** 1: shown only to the admin calls (migration 0051-blogs-publishing). */
    draft: Generated<number>;
    /** ISO timestamp: shown publicly from then on; null: at once. */
    publish_at: string | null;
    updated_at: string;
  };
};
