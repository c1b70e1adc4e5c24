import { type RouteConfigEntry, route } from '@react-router/dev/routes';

/** The forum and post pages (read by app/routes.ts at build time; the files are relative to app/). */
export const postRoutes = [
  route('userforum', 'routes/forum.tsx'),
  route('post/:postId', 'routes/post.tsx'),
  // '/post/' with nothing after it: the same page, which then says 'Invalid post ID'.
  route('post', 'routes/post.tsx', { id: 'post-without-id' }),
] satisfies RouteConfigEntry[];
