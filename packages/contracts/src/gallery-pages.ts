/*
 * Where the gallery, image, story and DevBit pages live and the sizes their pictures are shown at: what the
 * pages need at first render, free of zod so they do not carry the schemas.
 */

/** The page of one gallery image, with its comments (content-and-shell.md "Image page"). */
export const imagePagePath = (url: string) => `/image/${encodeURIComponent(url)}`;

/** Video thumbnails are 16:9; their size is stored so the grid reserves their space. */
export const videoThumbnailSize = { width: 1280, height: 720 } as const;

/** Story cards are 320 by 240 (content-and-shell.md section 9); this one stands in for a missing thumbnail. */
export const webStoryThumbnailSize = { width: 320, height: 240 } as const;
export const defaultWebStoryThumbnail = '/content/images/stories/default-thumb.png';
/** Story pages are full-screen portrait slides. */
export const webStoryPageSize = { width: 720, height: 1280 } as const;

export const webStoryPath = (id: number) => `/webstory/${id}`;
/** The tap-through player this site serves for a story (its embedUrl). */
export const webStoryPlayerPath = (id: number) => `/webstory/${id}/play`;

/** The DevBit page that shows one image large (decisions.md section 1). */
export const devbitImagePath = (url: string) => `/devbit/${encodeURIComponent(url)}`;

/**
 * The image URL carried in a page path segment (`/image/:imageUrl`, `/devbit/:imageUrl`), decoded once.
 * Undefined for a missing segment and null for a malformed escape, a NUL or a blank URL.
 */
export function imageUrlFromSegment(segment: string | undefined): string | null | undefined {
  if (segment === undefined || segment === '') return undefined;
  try {
    const url = decodeURIComponent(segment);
    // No image URL holds a NUL, and PostgreSQL would refuse one in a query.
    return url.trim() === '' || url.includes('\0') ? null : url;
  } catch {
    return null;
  }
}
