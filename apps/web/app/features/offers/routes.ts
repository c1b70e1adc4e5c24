import { type RouteConfigEntry, route } from '@react-router/dev/routes';

/** The deals pages (read by app/routes.ts at build time; the files are relative to app/). */
export const offersRoutes = [
  route('offers', 'routes/offers.tsx'),
  route('moversShakers', 'routes/movers-shakers.tsx'),
  route('refer', 'routes/refer.tsx'),
] satisfies RouteConfigEntry[];
