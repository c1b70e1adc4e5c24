import { fastifyReactRouterDev } from '@mcansh/react-router-fastify/vite';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [
    reactRouter(),
    // Development: `npm run dev` serves the whole site (API and pages) through the Fastify app with hot reload.
    // Build: keeps the load-context module external so the server and the loaders share one context token.
    fastifyReactRouterDev({
      entry: '../server/src/dev-server.ts',
      externalizeServerEntryImports: ['#load-context'],
    }),
  ],
  build: { assetsInlineLimit: 0 },
  environments: {
    client: {
      build: {
        // One stylesheet for the whole site (app/site.css), which the server inlines into every page: no
        // route links a stylesheet of its own (docs/decisions/0016-one-inlined-stylesheet.md).
        cssCodeSplit: false,
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                {
                  name: 'framework',
                  test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/,
                },
              ],
            },
          },
        },
      },
    },
  },
});
