import { type RouteConfigEntry, route } from '@react-router/dev/routes';

/** Image to text and PDF to text (read by app/routes.ts at build time; files relative to app/). */
export const textToolRoutes = [
  route('imgToText', 'routes/img-to-text.tsx'),
  route('pdfToText', 'routes/pdf-to-text.tsx'),
] satisfies RouteConfigEntry[];
