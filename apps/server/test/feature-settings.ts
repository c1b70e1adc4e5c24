import { ConfigError, describedSettings, loadConfig } from '../src/shared/config.ts';
import type { Feature } from '../src/shared/feature.ts';

/**
 * A feature's settings as its `<area>.settings.test.ts` checks them: parsed from an environment, the problems
 * a bad one gives (as the server would refuse to start with them), and each setting as the docs describe it.
 */
export function featureSettings<Settings>(feature: Feature<Settings>) {
  return {
    of: (env: Record<string, string>) => loadConfig(env, [feature]).featureSettings[feature.name] as Settings,
    problemsOf(env: Record<string, string>): string[] {
      try {
        loadConfig(env, [feature]);
      } catch (error) {
        if (error instanceof ConfigError) return error.problems;
        throw error;
      }
      throw new Error('expected a ConfigError');
    },
    /** The feature's own settings, in order, with their docs and whether each is a secret. */
    described: () => describedSettings([feature]).filter(({ owner }) => owner === feature.name),
    /** The names of the settings marked with `secret()` where they are defined. */
    secretNames: () =>
      describedSettings([feature])
        .filter(({ owner, doc }) => owner === feature.name && doc?.secret === true)
        .map(({ name }) => name),
  };
}
