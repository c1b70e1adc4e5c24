import { type RouteConfigEntry, route } from '@react-router/dev/routes';

/** The post search pages (read by app/routes.ts at build time; the files are relative to app/). */
export const searchRoutes = [route('SearchPage', 'routes/search.tsx')] satisfies RouteConfigEntry[];
