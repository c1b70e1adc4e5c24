import { type RouteConfigEntry, route } from '@react-router/dev/routes';

/** The contact page (read by app/routes.ts at build time; the file is relative to app/). */
export const contactRoutes = [route('contact', 'routes/contact.tsx')] satisfies RouteConfigEntry[];
