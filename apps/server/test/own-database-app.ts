import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app/build-app.ts';
import { loadSiteConfig } from '../src/app/site-config.ts';
import { offlineTestSettings } from './offline-settings.ts';

/**
 * An app on the database its settings name (the SQLite file in its DATA_DIR by default), not on the test
 * database createTestApp gives: for what another process must open too, such as a child process's import.
 */
export function buildAppOnItsOwnDatabase(
  env: Record<string, string>,
  options: { logStream?: { write(line: string): void } } = {},
): Promise<FastifyInstance> {
  return buildApp(loadSiteConfig({ ...offlineTestSettings, ...env }), options);
}
