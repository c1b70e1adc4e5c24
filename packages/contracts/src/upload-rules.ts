/*
 * What the console's image upload accepts (zod-free: the Markdown field imports it at first render).
 */

/** Picture types an upload may be, decided from its bytes. */
export const uploadImageTypes = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/avif',
  'image/heic',
  'image/heif',
] as const;

/** The largest upload. */
export const uploadMaxBytes = 15 * 1024 * 1024;

/** What the file picker offers. */
export const uploadAccept =
  '.jpg,.jpeg,.png,.webp,.avif,.heic,.heif,image/jpeg,image/png,image/webp,image/avif,image/heic,image/heif';

/** Where stored uploads are served: a site image path, so galleries, DevBit and offers accept them. */
export const uploadUrlPrefix = '/content/images/uploads/';

/** The Markdown of an uploaded picture: its alt text escaped so it cannot end the brackets. */
export function imageMarkdown(alt: string, url: string): string {
  const text = alt
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/([\\[\]])/g, '\\$1');
  return `![${text}](${url})`;
}
