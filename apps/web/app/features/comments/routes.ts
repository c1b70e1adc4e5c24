import { type RouteConfigEntry, route } from '@react-router/dev/routes';

/** The image (with its comments) pages (read by app/routes.ts at build time; the files are relative to app/). */
export const commentRoutes = [
  // '/image/' with nothing after it is the same page, which then says 'No image available'.
  route('image/:imageUrl?', 'routes/image.tsx'),
] satisfies RouteConfigEntry[];
