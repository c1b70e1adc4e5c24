import { type RouteConfigEntry, route } from '@react-router/dev/routes';

/**
 * The shortener's pages (read by app/routes.ts at build time; files relative to app/): the tool, and the
 * preview page of a short link (`/s/<code>+`). `/s/<code>` itself is the server's redirect route, which
 * leaves unknown codes to this page's 404.
 */
export const shortenerRoutes = [
  route('portUrl', 'routes/port-url.tsx'),
  route('s/:code', 'routes/short-link.tsx'),
] satisfies RouteConfigEntry[];
