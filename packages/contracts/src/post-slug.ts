/**
 * Posts are addressed by their title (/post/{title}). Runs of whitespace count as one space, so
 * "A  b" and "A b" are the same post (content-and-shell.md, Forum screen).
 */
export function collapseWhitespace(title: string): string {
  return title.replace(/\s+/g, ' ').trim();
}

/** The path of a post's page: the collapsed title, URL-encoded as one path segment. */
export function postPath(title: string): string {
  return `/post/${encodeURIComponent(collapseWhitespace(title))}`;
}

/**
 * The title a /post/{postId} segment stands for, or null when the segment is empty or not valid
 * percent-encoding (the page then says 'Invalid post ID').
 */
export function titleFromPostSegment(rawSegment: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawSegment);
  } catch {
    return null;
  }
  const title = collapseWhitespace(decoded);
  // No stored title can hold NUL (the contracts refuse it), and PostgreSQL cannot even compare with one.
  return title === '' || title.includes('\0') ? null : title;
}
