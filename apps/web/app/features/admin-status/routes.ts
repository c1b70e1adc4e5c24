import { type RouteConfigEntry, route } from '@react-router/dev/routes';

/** The console's status screen (read by app/routes.ts at build time; the file is relative to app/). */
export const adminStatusRoutes = [
  route('admin/status', 'routes/admin-status.tsx'),
] satisfies RouteConfigEntry[];
