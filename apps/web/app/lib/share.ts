export interface ShareInput {
  title: string;
  url: string;
  /** An image to attach where the device can share files. */
  imageUrl?: string | undefined;
}

export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

/**
 * Shares with the device's share sheet, falling back in the specified order (content-and-shell.md
 * section 7): with the image file, without a file, then copying the title and URL to the clipboard.
 */
export async function sharePage({ title, url, imageUrl }: ShareInput): Promise<ShareOutcome> {
  try {
    if (imageUrl && typeof navigator.share === 'function' && typeof navigator.canShare === 'function') {
      const file = await imageFile(imageUrl);
      if (file && navigator.canShare({ files: [file] })) {
        await navigator.share({ title, url, files: [file] });
        return 'shared';
      }
    }
    if (typeof navigator.share === 'function') {
      await navigator.share({ title, url });
      return 'shared';
    }
    await navigator.clipboard.writeText(`${title} ${url}`);
    return 'copied';
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
    console.error('Sharing failed', error);
    return 'failed';
  }
}

async function imageFile(imageUrl: string): Promise<File | undefined> {
  try {
    const response = await fetch(imageUrl);
    if (!response.ok) return undefined;
    const blob = await response.blob();
    const name = new URL(imageUrl, window.location.href).pathname.split('/').pop() || 'image';
    return new File([blob], name, { type: blob.type });
  } catch {
    return undefined;
  }
}
