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
    updated_at: string;
  };
};
