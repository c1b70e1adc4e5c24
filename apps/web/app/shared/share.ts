export interface ShareInput {
  title: string;
  url: string;
  /** The page's image, fetched beforehand: iOS refuses a share that waits on a download after the tap. */
  file?: File | undefined;
}

export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

const isCancel = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * Shares with the device's share sheet, falling back in the specified order (content-and-shell.md
 * section 7): with the image file, without a file, then copying the title and URL to the clipboard. A step
 * that fails moves on to the next; the visitor closing the share sheet ends it.
 */
export async function sharePage({ title, url, file }: ShareInput): Promise<ShareOutcome> {
  if (file && typeof navigator.share === 'function' && navigator.canShare?.({ files: [file] })) {
    try {
      await navigator.share({ title, url, files: [file] });
      return 'shared';
    } catch (error) {
      if (isCancel(error)) return 'cancelled';
      console.error('Sharing with the image failed', error);
    }
  }
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, url });
      return 'shared';
    } catch (error) {
      if (isCancel(error)) return 'cancelled';
      console.error('Sharing failed', error);
    }
  }
  try {
    await navigator.clipboard.writeText(`${title} ${url}`);
    return 'copied';
  } catch (error) {
    console.error('Copying the link failed', error);
    return 'failed';
  }
}

/** Downloads an image as a File for sharing; undefined when it cannot. */
export async function fetchShareFile(imageUrl: string, signal?: AbortSignal): Promise<File | undefined> {
  try {
    const response = await fetch(imageUrl, signal ? { signal } : {});
    if (!response.ok) return undefined;
    const blob = await response.blob();
    const name = new URL(imageUrl, window.location.href).pathname.split('/').pop() || 'image';
    return new File([blob], name, { type: blob.type });
  } catch {
    return undefined;
  }
}
