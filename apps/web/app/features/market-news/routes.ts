import { type RouteConfigEntry, route } from '@react-router/dev/routes';

/** The market news, trends and video titles pages (read by app/routes.ts at build time; the files are relative to app/). */
export const marketNewsRoutes = [
  route('stocks', 'routes/stocks.tsx'),
  route('trendingNow', 'routes/trending-now.tsx'),
  route('captions', 'routes/captions.tsx'),
] satisfies RouteConfigEntry[];
