import { type RouteConfigEntry, route } from '@react-router/dev/routes';

/** The tools index (read by app/routes.ts at build time; the files are relative to app/). */
export const toolsIndexRoutes = [route('homeTools', 'routes/home-tools.tsx')] satisfies RouteConfigEntry[];
