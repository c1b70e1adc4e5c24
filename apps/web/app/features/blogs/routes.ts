import { type RouteConfigEntry, route } from '@react-router/dev/routes';

/** The blog pages (read by app/routes.ts at build time; the files are relative to app/). */
export const blogRoutes = [route('blog', 'routes/blog.tsx')] satisfies RouteConfigEntry[];
