import { type RouteConfigEntry, route } from '@react-router/dev/routes';

/** The English to Hindi translator (read by app/routes.ts at build time; the file is relative to app/). */
export const translationRoutes = [
  route('englishToHindi', 'routes/english-to-hindi.tsx'),
] satisfies RouteConfigEntry[];
