import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../db/database.ts';
import type { PortableMigration } from '../db/portable-migration.ts';
import type { Config } from './config.ts';
import type { SiteRegistry } from './site-registry.ts';

/** What every feature plugin is given: the database, the settings and the registry it contributes to. */
export interface FeatureContext {
  database: Database;
  config: Config;
  site: SiteRegistry;
}

/**
 * A feature: its tables' migrations and one Fastify plugin that registers its routes (public and admin),
 * builds its services and contributes page data, sitemap paths, feed items and content kinds to `site`.
 * Features are listed once, in app/features.ts.
 */
export interface Feature {
  name: string;
  /** Keyed by a globally unique, sortable name such as '0002-galleries'. */
  migrations?: Record<string, PortableMigration>;
  plugin: FastifyPluginAsync<FeatureContext>;
}

export function defineFeature(feature: Feature): Feature {
  return feature;
}
