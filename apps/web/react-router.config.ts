import type { Config } from '@react-router/dev/config';

export default {
  ssr: true,
  appDirectory: 'app',
  // React Router's default, written out because the JavaScript budget rests on it
  // (docs/decisions/0019-javascript-budget-for-more-routes.md): a page carries only its own routes' part of
  // the route manifest, inline in its HTML, and asks `/__manifest` for the routes its links lead to. The
  // Fastify catch-all answers those requests and the page cache never keeps them (apps/server/src/web/pages.ts).
  routeDiscovery: { mode: 'lazy', manifestPath: '/__manifest' },
} satisfies Config;
