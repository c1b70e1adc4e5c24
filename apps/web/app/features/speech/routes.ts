import { type RouteConfigEntry, route } from '@react-router/dev/routes';

/** The text to audio tool (read by app/routes.ts at build time; the file is relative to app/). */
export const speechRoutes = [route('textToAudio', 'routes/text-to-audio.tsx')] satisfies RouteConfigEntry[];
