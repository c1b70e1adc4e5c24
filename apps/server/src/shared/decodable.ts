/** Whether a URL path's percent escapes decode (`decodeURIComponent` does not throw on it). */
export function isDecodable(text: string): boolean {
  try {
    decodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}
