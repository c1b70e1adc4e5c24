import { type RouteConfigEntry, route } from '@react-router/dev/routes';

/** The Java 17 quiz page (read by app/routes.ts at build time; the files are relative to app/). */
export const quizRoutes = [route('testbank', 'routes/testbank.tsx')] satisfies RouteConfigEntry[];
