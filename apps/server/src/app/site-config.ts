import { loadConfig, type SiteConfig } from '../shared/config.ts';
import { features } from './features.ts';

/** The site's settings with every feature's own (`defineFeature({ settings })`), checked together. */
export function loadSiteConfig(env: Record<string, string | undefined> = process.env): SiteConfig {
  return loadConfig(env, features);
}
