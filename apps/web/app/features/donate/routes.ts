import { type RouteConfigEntry, route } from '@react-router/dev/routes';

/** The donation page (read by app/routes.ts at build time; the file is relative to app/). */
export const donateRoutes = [route('donate', 'routes/donate.tsx')] satisfies RouteConfigEntry[];
