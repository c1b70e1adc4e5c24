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

export { superviseProcess } from './process-supervision.ts';
