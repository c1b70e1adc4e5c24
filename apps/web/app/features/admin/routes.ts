import { index, type RouteConfigEntry, route } from '@react-router/dev/routes';

/**
 * The operator console (read by app/routes.ts at build time; files relative to app/). Every console screen
 * sits under the layout route, which loads who is signed in for AdminFrame: another feature's console screen
 * joins with one line among the children.
 */
export const adminRoutes = [
  route('admin', 'routes/admin-layout.tsx', [
    index('routes/admin.tsx'),
    route('content/:kind?/:item?', 'routes/admin-content.tsx'),
    route('activity', 'routes/admin-activity.tsx'),
    // Moderation and the inbox (features/admin-moderation), the status screen (features/admin-status).
    route('comments', 'routes/admin-comments.tsx'),
    route('reports', 'routes/admin-reports.tsx'),
    route('short-links', 'routes/admin-short-links.tsx'),
    route('inbox', 'routes/admin-inbox.tsx'),
    route('status', 'routes/admin-status.tsx'),
  ]),
] satisfies RouteConfigEntry[];
