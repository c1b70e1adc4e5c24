import type { Generated } from 'kysely';

export type CommentTables = {
  comments: {
    id: Generated<number>;
    /** The image's URL as the site shows it (decoded). */
    image_url: string;
    /** Tags stripped and trimmed. */
    comment: string;
    created_at: string;
    /** 1 when the operator hid it from visitors. */
    hidden: number;
    /** Image, text and minute of the save, hashed: unique, so one text is stored once a minute per image. */
    dedupe_key: string | null;
  };
};
