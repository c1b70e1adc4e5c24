// Started through main.ts, which fixes NODE_ENV first.
import { buildApp } from './app/build-app.ts';
import { ConfigError, loadConfig } from './shared/config.ts';
import { MissingWebBuildError } from './web/pages.ts';

const started = performance.now();
let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

let app: Awaited<ReturnType<typeof buildApp>>;
try {
  app = await buildApp(config, { pages: { kind: 'production' } });
} catch (error) {
  console.error(error instanceof MissingWebBuildError ? error.message : error);
  process.exit(1);
}

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down: no new connections, finishing requests in flight');
  // A stuck request must not keep the process alive forever.
  const timer = setTimeout(() => {
    app.log.error('shutdown took longer than 10 s; exiting');
    process.exit(1);
  }, 10_000);
  timer.unref();
  // A response that was already streaming when the signal came leaves a keep-alive socket behind; close
  // each one as soon as it goes idle instead of waiting for its keep-alive timeout.
  const sweep = setInterval(() => app.server.closeIdleConnections(), 50);
  sweep.unref();
  try {
    await app.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'error while shutting down');
    process.exit(1);
  }
}
process.once('SIGTERM', () => void shutdown('SIGTERM'));
process.once('SIGINT', () => void shutdown('SIGINT'));

try {
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    {
      url: config.publicBaseUrl,
      database: app.database.describe,
      startupMs: Math.round(performance.now() - started),
      nodeEnv: process.env.NODE_ENV,
    },
    `${config.siteName} is ready`,
  );
} catch (error) {
  app.log.error({ err: error }, 'could not start listening');
  process.exit(1);
}
