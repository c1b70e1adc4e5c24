import imageCompression from 'browser-image-compression';
import {
  type CompressAnswer,
  type CompressRequest,
  compressMaxIterations,
  compressMaxWidthOrHeight,
  compressMessages,
} from './compress-rules.ts';

/*
 * The image compressor's background worker, a file the site builds and serves itself (no CDN, no blob:
 * URL): the compression library runs here, off the page's main thread, drawing on an OffscreenCanvas.
 */

/** The worker's side of the channel (the DOM library types `self` as a window). */
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<CompressRequest>) => void) | null;
  postMessage(message: CompressAnswer): void;
};

/** The library's own refusals are passed on as the failure's reason (shown beside the form); others have none. */
const shownAsTheyAre = new Set<string>([compressMessages.notBlob, compressMessages.notImage]);

async function asJpeg(blob: Blob): Promise<Blob> {
  if (blob.type === 'image/jpeg') return blob;
  const bitmap = await createImageBitmap(blob);
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d context for the JPEG copy');
  context.fillStyle = '#fff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(bitmap, 0, 0);
  bitmap.close();
  return canvas.convertToBlob({ type: 'image/jpeg', quality: 0.9 });
}

scope.onmessage = async (event: MessageEvent<CompressRequest>) => {
  const { id, file, maxSizeMB } = event.data;
  let answer: CompressAnswer;
  try {
    const compressed = await asJpeg(
      await imageCompression(file as File, {
        maxSizeMB,
        maxWidthOrHeight: compressMaxWidthOrHeight,
        maxIteration: compressMaxIterations,
        fileType: 'image/jpeg',
        useWebWorker: false,
      }),
    );
    const bitmap = await createImageBitmap(compressed);
    answer = { id, ok: true, blob: compressed, width: bitmap.width, height: bitmap.height };
    bitmap.close();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error('Image compression failed:', message);
    answer = { id, ok: false, message: shownAsTheyAre.has(message) ? message : '' };
  }
  scope.postMessage(answer);
};
