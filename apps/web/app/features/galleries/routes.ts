import { type RouteConfigEntry, route } from '@react-router/dev/routes';

/** The image and video gallery pages (read by app/routes.ts at build time; the files are relative to app/). */
export const galleryRoutes = [
  route('infopic', 'routes/infopic.tsx'),
  route('webstories', 'routes/webstories.tsx'),
  // '/webstory/:storyId' in the specification is this same route (decisions.md section 1).
  route('webstory/:id', 'routes/webstory.tsx'),
] satisfies RouteConfigEntry[];
