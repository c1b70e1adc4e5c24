import type { FastifyInstance } from 'fastify';
import { ConfigError, type SiteConfig } from '../shared/config.ts';
import { loadSiteConfig } from './site-config.ts';

/** The settings, or exit 1 with the message naming every bad variable (secrets never echoed). */
export function loadSiteConfigOrExit(): SiteConfig {
  try {
    return loadSiteConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/**
 * On SIGTERM or SIGINT: close the app (work in flight finishes first), exit 0, or 1 when closing fails or
 * takes longer than `giveUpMs`, so that nothing stuck keeps the process alive forever.
 */
export function closeOnSignals(
  app: FastifyInstance,
  options: { what: string; giveUpMs: number; whileClosing?: () => void },
) {
  let closing = false;
  async function shutdown(signal: string) {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, `${options.what} shutting down: finishing the work in flight`);
    const timer = setTimeout(() => {
      app.log.error(`${options.what} shutdown took longer than ${options.giveUpMs / 1000} s; exiting`);
      process.exit(1);
    }, options.giveUpMs);
    timer.unref();
    options.whileClosing?.();
    try {
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, `error while shutting down the ${options.what}`);
      process.exit(1);
    }
  }
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
}
