import { type RouteConfigEntry, route } from '@react-router/dev/routes';

/** The nutrition checker (read by app/routes.ts at build time; the file is relative to app/). */
export const nutritionRoutes = [route('nutrition', 'routes/nutrition.tsx')] satisfies RouteConfigEntry[];
