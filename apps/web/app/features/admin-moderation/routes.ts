import { type RouteConfigEntry, route } from '@react-router/dev/routes';

/**
 * The console's moderation screens (read by app/routes.ts at build time; files relative to app/): the
 * comments queue, visitors' reports, short links and the contact inbox (shared/admin/admin-paths.ts).
 */
export const adminModerationRoutes = [
  route('admin/comments', 'routes/admin-comments.tsx'),
  route('admin/reports', 'routes/admin-reports.tsx'),
  route('admin/short-links', 'routes/admin-short-links.tsx'),
  route('admin/inbox', 'routes/admin-inbox.tsx'),
] satisfies RouteConfigEntry[];
