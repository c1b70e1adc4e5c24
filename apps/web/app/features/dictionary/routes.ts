import { type RouteConfigEntry, route } from '@react-router/dev/routes';

/** The dictionary page (read by app/routes.ts at build time; the file is relative to app/). */
export const dictionaryRoutes = [route('dict', 'routes/dict.tsx')] satisfies RouteConfigEntry[];
