import { type RouteConfigEntry, route } from '@react-router/dev/routes';

/** The NIFTY market pages (read by app/routes.ts at build time; the files are relative to app/). */
export const marketRoutes = [
  route('daylow', 'routes/daylow.tsx'),
  route('tradingViewData', 'routes/trading-view-data.tsx'),
  route('volat', 'routes/volat.tsx'),
  route('breakout', 'routes/breakout.tsx'),
] satisfies RouteConfigEntry[];
