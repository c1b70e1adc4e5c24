import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app/build-app.ts';
import type { Platform } from '../src/app/platform.ts';
import { loadSiteConfig } from '../src/app/site-config.ts';
import { type Database, openDatabase } from '../src/db/database.ts';

/**
 * Fault tests: web processes of one site, each with its own database pool, on a PostgreSQL schema of their
 * own whose connections carry an `application_name` of their own, so a test can terminate exactly its
 * connections (never those of other test files sharing the server).
 */
export interface FaultSite {
  url: string;
  schema: string;
  applicationName: string;
  /** A new pool on the site's schema, as another process would open. */
  openPool(): Database;
  /** Runs `text` on a connection of its own (not one of the site's). */
  admin<R extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<R[]>;
  /** Terminates every connection of the site's pools (`pg_terminate_backend`); answers how many. */
  killConnections(): Promise<number>;
  /** Drops the schema. */
  dispose(): Promise<void>;
}

export async function createFaultSite(url: string): Promise<FaultSite> {
  const schema = `f_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const applicationName = `hurryup-fault-${schema}`;
  const admin = async <R extends pg.QueryResultRow>(text: string, values: unknown[] = []) => {
    const client = new pg.Client({ connectionString: url });
    client.on('error', () => {});
    await client.connect();
    try {
      return (await client.query<R>(text, values)).rows;
    } finally {
      await client.end();
    }
  };
  await admin(`create schema "${schema}"`);
  return {
    url,
    schema,
    applicationName,
    openPool: () => openDatabase({ databaseUrl: url, postgresSchema: schema, applicationName }),
    admin,
    async killConnections() {
      const rows = await admin<{ killed: boolean }>(
        `select pg_terminate_backend(pid) as killed from pg_stat_activity
         where datname = current_database() and pid <> pg_backend_pid() and application_name = $1`,
        [applicationName],
      );
      return rows.filter((row) => row.killed).length;
    },
    async dispose() {
      await admin(`drop schema "${schema}" cascade`);
    },
  };
}

/** One web process of the site on `database`: its own memory, limits and jobs; `platform` overrides its seams. */
export async function startProcess(
  database: Database,
  env: Record<string, string> = {},
  platform: Partial<Platform> = {},
): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hurryup-fault-'));
  const config = loadSiteConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    SEED_CONTENT: 'false',
    ...env,
  });
  const app = await buildApp(config, { database, logger: false, platform });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
