import type { FastifyInstance } from 'fastify';
import type { Engines } from '../../src/engines/engine.ts';
import type { Feature } from '../../src/shared/feature.ts';
import { createTestApp } from '../test-app.ts';

/**
 * An isolated API instance serving only `features`, whose engine pool is the one given (a pool with tiny
 * limits shows what visitors get when an engine is busy). The caller closes the pool.
 */
export async function createAppWithEngines(
  engines: Engines,
  // biome-ignore lint/suspicious/noExplicitAny: features differ in their settings' type
  features: readonly Feature<any>[],
  env: Record<string, string> = {},
): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  const t = await createTestApp(env, { features, platform: { engines } });
  return { app: t.app, close: () => t.close() };
}
