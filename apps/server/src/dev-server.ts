import type { ViteDevServer } from 'vite';
import { buildApp } from './app/build-app.ts';
import { loadSiteConfig } from './app/site-config.ts';

/**
 * Loaded by the Vite plugin during `npm run dev`: the same Fastify app as production, with pages rendered
 * from Vite's module graph so edits reload without a restart.
 */
export async function createServer(vite?: ViteDevServer) {
  const config = loadSiteConfig({ NODE_ENV: 'development', ...process.env });
  if (!vite) return buildApp(config, { pages: { kind: 'production' } });
  return buildApp(config, { pages: { kind: 'development', vite } });
}
