import { type RouteConfigEntry, route } from '@react-router/dev/routes';

/** The event-study pages (read by app/routes.ts at build time; the files are relative to app/). */
export const eventStudiesRoutes = [
  route('impactHeatmap', 'routes/impact-heatmap.tsx'),
  route('straddleSimulator', 'routes/straddle-simulator.tsx'),
  route('liveAlert', 'routes/live-alert.tsx'),
  route('eventCalendar', 'routes/event-calendar.tsx'),
] satisfies RouteConfigEntry[];
