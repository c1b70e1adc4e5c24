import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { z } from 'zod';
import type { Database } from '../db/database.ts';
import type { PortableMigration } from '../db/portable-migration.ts';
import type { Engines } from '../engines/engine.ts';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Jobs } from './jobs.ts';
import type { Limits } from './limits.ts';
import type { Mail } from './mail.ts';
import type { Readiness } from './readiness.ts';
import type { SiteRegistry } from './site-registry.ts';

/**
 * What every feature plugin is given: the database, the settings and the registry it contributes to, and
 * the platform's seams (chosen once in app/build-app.ts): time, background jobs, CPU engines, per-visitor
 * limits and outgoing mail. A feature uses these instead of timers, worker threads, counters or SMTP of
 * its own, so it works the same in one process or several.
 */
export interface FeatureContext<Settings = undefined> {
  database: Database;
  config: Config;
  site: SiteRegistry;
  clock: Clock;
  jobs: Jobs;
  engines: Engines;
  limits: Limits;
  mail: Mail;
  /** The named checks of `GET /api/health/ready` (shared/readiness.ts): a feature may add its own. */
  readiness: Readiness;
  /** The feature's own settings, parsed from the environment by its `settings` schema at start. */
  settings: Settings;
  log: FastifyBaseLogger;
}

/**
 * A feature: its tables' migrations, its settings and one Fastify plugin that registers its routes (public
 * and admin), builds its services and contributes page data, sitemap paths, feed items and content kinds
 * to `site`. Features are listed once, in app/features.ts.
 */
export interface Feature<Settings = undefined> {
  name: string;
  /** Keyed by a globally unique, sortable name such as '0002-galleries'. */
  migrations?: Record<string, PortableMigration>;
  /**
   * Its environment variables: a zod object schema over the environment (e.g.
   * `z.object({ CONTACT_TO: z.email().optional() }).transform(…)`), checked with the site's settings at
   * start, so a bad value stops the server with a message naming the variable.
   */
  settings?: z.ZodType<Settings>;
  plugin: FastifyPluginAsync<FeatureContext<Settings>>;
}

export function defineFeature<Settings = undefined>(feature: Feature<Settings>): Feature<Settings> {
  return feature;
}
