/*
 * The image compressor's constants and exact messages (tools-and-trading.md "Image compressor", sections 4,
 * 5, 8 and 9). Everything happens in the visitor's browser: the image never leaves it.
 */

export const compressLevel = { min: 0, max: 1, step: 0.01, initial: 0.5 } as const;

/** The result is at most this many pixels wide or high. */
export const compressMaxWidthOrHeight = 1920;

/** The compression library's rounds: at most 10, each lowering the quality by 5%. */
export const compressMaxIterations = 10;

export const compressedFileName = 'compressed_image.jpg';

export const compressMessages = {
  noFile: 'Please upload an image first.',
  notBlob: 'The file given is not an instance of Blob or File',
  notImage: 'The file given is not an image',
  failed: 'Compression failed. Please try again.',
} as const;

/** The slider's value as the page shows it: 0.5 → '50%'. */
export function levelPercent(level: number): string {
  return `${Math.round(level * 100)}%`;
}

/** A file size for people: 'B' under 1 KB, 'KB' under 1 MB, else 'MB' with two decimals. */
export function readableSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}

/** How much smaller the result is, as a whole percentage of the original (0 when it is not smaller). */
export function savingPercent(originalBytes: number, compressedBytes: number): number {
  if (originalBytes <= 0 || compressedBytes >= originalBytes) return 0;
  return Math.round((1 - compressedBytes / originalBytes) * 100);
}

/** What is wrong with a chosen file before it is compressed (the library's own checks), if anything. */
export function compressFileProblem(file: unknown): string | undefined {
  if (file === undefined || file === null) return compressMessages.noFile;
  if (!(file instanceof Blob)) return compressMessages.notBlob;
  if (!/^image\//.test(file.type)) return compressMessages.notImage;
  return undefined;
}

/** What the page asks its worker. */
export interface CompressRequest {
  id: number;
  file: Blob;
  /** The slider's value: the target size in MB. */
  maxSizeMB: number;
}

/** What the worker answers. */
export type CompressAnswer =
  | { id: number; ok: true; blob: Blob; width: number; height: number }
  /** A failure: `message` is the library's refusal of the file, or '' (the page alerts the failure text). */
  | { id: number; ok: false; message: string };
