import { type RouteConfigEntry, route } from '@react-router/dev/routes';

/** The DevBit gallery pages (read by app/routes.ts at build time; the files are relative to app/). */
export const devbitRoutes = [route('devbit/:imageUrl?', 'routes/devbit.tsx')] satisfies RouteConfigEntry[];
