/**
 * What the post page says instead of a post (content-and-shell.md section 8). Apart from the route, whose
 * exports all go to the browser: only its loader reads these, and their texts reach the page with its data.
 */
export const postErrors = {
  fetch: 'Error fetching post',
  invalid: 'Invalid post ID',
  notFound: 'No post data found.',
  noTitle: 'Post title is missing.',
} as const;
