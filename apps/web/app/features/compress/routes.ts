import { type RouteConfigEntry, route } from '@react-router/dev/routes';

/** The image compressor page (read by app/routes.ts at build time; the file is relative to app/). */
export const compressRoutes = [route('compress', 'routes/compress.tsx')] satisfies RouteConfigEntry[];
