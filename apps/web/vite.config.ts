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
