import type { Generated } from 'kysely';

export type DevbitTables = {
  devbit_images: {
    id: Generated<number>;
    /** Lower case; the gallery groups by it. */
    category: string;
    /** Unique: pages and comments address an image by its URL. */
    url: string;
    alt: string;
    width: number;
    height: number;
    updated_at: string;
  };
};
