import type { GalleryImage, Video, WebStory } from '@hurryup/contracts/gallery';

/** What the image gallery, video gallery and web story pages read from the server. */
export interface GalleriesPageData {
  images(): Promise<GalleryImage[]>;
  image(url: string): Promise<GalleryImage | undefined>;
  videos(): Promise<Video[]>;
  stories(): Promise<WebStory[]>;
  story(id: number): Promise<WebStory | undefined>;
}

declare module '../../load-context.ts' {
  interface PageData {
    galleries: GalleriesPageData;
  }
}
