// Started through main.ts, which fixes NODE_ENV first.
import { flushCompileCache } from 'node:module';
import { buildApp } from './app/build-app.ts';
import { loadSiteConfigOrExit, superviseProcess } from './app/process-lifecycle.ts';
import { MissingWebBuildError } from './web/pages.ts';

const started = performance.now();
const config = loadSiteConfigOrExit();

let app: Awaited<ReturnType<typeof buildApp>>;
try {
  app = await buildApp(config, { pages: { kind: 'production' } });
} catch (error) {
  console.error(error instanceof MissingWebBuildError ? error.message : error);
  process.exit(1);
}

superviseProcess(app, {
  what: 'server',
  // A stuck request must not keep the process alive forever.
  giveUpMs: 10_000,
  // A response that was already streaming when the signal came leaves a keep-alive socket behind; close
  // each one as soon as it goes idle instead of waiting for its keep-alive timeout.
  whileClosing: () => setInterval(() => app.server.closeIdleConnections(), 50).unref(),
});

try {
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    {
      url: config.publicBaseUrl,
      database: app.database.describe,
      startupMs: Math.round(performance.now() - started),
      // From the process's start: loading the modules comes before `started` (several seconds on a busy machine).
      sinceProcessStartMs: Math.round(process.uptime() * 1000),
      nodeEnv: process.env.NODE_ENV,
    },
    `${config.siteName} is ready`,
  );
  // Where the operator set NODE_COMPILE_CACHE (scripts/server-node-flags.ts says why it is not the default),
  // what Node compiled to start is kept now, not only at a clean exit: the next start skips compiling it.
  flushCompileCache();
} catch (error) {
  app.log.error({ err: error }, 'could not start listening');
  process.exit(1);
}
