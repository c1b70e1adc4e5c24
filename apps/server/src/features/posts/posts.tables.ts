import type { Generated } from 'kysely';

export type PostTables = {
  posts: {
    id: Generated<number>;
    title: string;
    /** The title with whitespace runs collapsed: posts are addressed by it, so it is unique. */
    title_key: string;
    author: string | null;
    created_at: string;
    description: string | null;
    image: string | null;
    content: string | null;
    imgf: number;
    /** JSON array of post sections. */
    content_array: string | null;
    /** The operator's Hindi version of the post (migration 0029-posts-hindi). */
    hindi: string | null;
    /** 1: shown only to the admin calls (migration 0050-posts-publishing). */
    draft: Generated<number>;
    /** ISO timestamp: shown publicly from then on; null: at once. */
    publish_at: string | null;
    updated_at: string;
  };
};
