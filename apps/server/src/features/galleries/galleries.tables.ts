import type { Generated } from 'kysely';

export type GalleryTables = {
  gallery_images: {
    id: Generated<number>;
    /** Unique: the image page and its comments address an image by URL. */
    url: string;
    alt: string;
    width: number;
    height: number;
    updated_at: string;
  };
  gallery_videos: {
    id: Generated<number>;
    title: string;
    vidurl: string;
    image_url: string;
    width: number;
    height: number;
    updated_at: string;
  };
  web_stories: {
    id: Generated<number>;
    title: string;
    thumbnail_url: string | null;
    /** JSON array of pages: image, alt, heading, text. */
    pages: string;
    updated_at: string;
  };
};
