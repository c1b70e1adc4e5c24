/** Emoji-mart keeps recent emojis ('frequently'), the last pick ('last') and the skin tone ('skin') here. */
export const emojiStorageKeys = ['emoji-mart.frequently', 'emoji-mart.last', 'emoji-mart.skin'] as const;

export interface PickedEmoji {
  native: string;
}

/**
 * Mounts emoji-mart's picker in `container`. The library and its data (bundled, served by this site: no CDN)
 * load only on the first call. Its styles go into the picker's shadow root as a constructed stylesheet:
 * the `<style>` element emoji-mart would add there is inline CSS, which the site's policy forbids.
 */
export async function mountEmojiPicker(
  container: HTMLElement,
  onPick: (emoji: PickedEmoji) => void,
): Promise<() => void> {
  const [{ Picker }, { default: data }] = await Promise.all([
    import('emoji-mart'),
    import('@emoji-mart/data'),
  ]);
  const picker = new Picker({
    data,
    onEmojiSelect: onPick,
    perLine: 9,
    maxFrequentRows: 4,
    // 90 search results and 6 skin tones are emoji-mart's own limits; set here so they stay so.
    skinTonePosition: 'search',
    previewPosition: 'none',
    theme: 'light',
    locale: 'en',
    autoFocus: true,
  }) as unknown as HTMLElement;
  moveStylesToConstructedSheet(picker);
  container.replaceChildren(picker);
  return () => picker.remove();
}

function moveStylesToConstructedSheet(element: HTMLElement) {
  const root = element.shadowRoot;
  if (!root) return;
  for (const style of [...root.querySelectorAll('style')]) {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(style.textContent ?? '');
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    style.remove();
  }
}
