import { index, type RouteConfigEntry } from '@react-router/dev/routes';

/** The daily news home (read by app/routes.ts at build time; the files are relative to app/). */
export const dailyNewsRoutes = [index('routes/home.tsx')] satisfies RouteConfigEntry[];
