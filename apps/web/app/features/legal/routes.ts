import { type RouteConfigEntry, route } from '@react-router/dev/routes';

/** The legal pages (read by app/routes.ts at build time; the files are relative to app/). */
export const legalRoutes = [
  route('disclaimer', 'routes/legal/disclaimer.tsx'),
  route('privacy-policy', 'routes/legal/privacy-policy.tsx'),
  route('privacy-policy/full', 'routes/legal/privacy-policy-full.tsx'),
  route('terms-of-service', 'routes/legal/terms-of-service.tsx'),
  route('terms-of-service/full', 'routes/legal/terms-of-service-full.tsx'),
  route('affiliate-disclosure', 'routes/legal/affiliate-disclosure.tsx'),
  route('aboutus', 'routes/legal/about-us.tsx'),
] satisfies RouteConfigEntry[];
