import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { CoreTables } from './core-tables.ts';

export type DialectName = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<CoreTables>;
  dialect: DialectName;
  /** The PostgreSQL schema this connection works in, when not the default. */
  schema?: string | undefined;
  /** A short description for logs, without credentials. */
  describe: string;
  /** PostgreSQL's connection pool, read by GET /metrics (plugins/metrics.ts); SQLite has none. */
  pool?: { readonly totalCount: number; readonly idleCount: number; readonly waitingCount: number };
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres:// URL; when absent an SQLite file is used. */
  databaseUrl?: string | undefined;
  /** Where the SQLite file lives (ignored for PostgreSQL). */
  sqliteFile?: string;
  /** PostgreSQL schema to work in (tests give each file its own). */
  postgresSchema?: string;
}

/** The database the settings name: PostgreSQL when DATABASE_URL is set, else site.sqlite in DATA_DIR. */
export function openConfiguredDatabase(config: {
  databaseUrl?: string | undefined;
  dataDir: string;
}): Database {
  return openDatabase({
    databaseUrl: config.databaseUrl,
    sqliteFile: path.join(config.dataDir, 'site.sqlite'),
  });
}

export function openDatabase(options: DatabaseOptions): Database {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.postgresSchema);
  if (!options.sqliteFile) throw new Error('openDatabase needs databaseUrl or sqliteFile');
  return openSqlite(options.sqliteFile);
}

function openSqlite(file: string): Database {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  // WAL lets readers run while a write is in progress; NORMAL sync is safe with WAL and much faster.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<CoreTables>({ dialect: new SqliteDialect({ database: sqlite }) });
  return {
    db,
    dialect: 'sqlite',
    describe: `sqlite:${file}`,
    close: () => db.destroy(),
  };
}

function openPostgres(url: string, schema?: string): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = new Kysely<CoreTables>({ dialect: new PostgresDialect({ pool }) });
  const { hostname, port, pathname } = new URL(url);
  return {
    db,
    dialect: 'postgres',
    schema,
    pool,
    describe: `postgres://${hostname}${port ? `:${port}` : ''}${pathname}${schema ? ` (schema ${schema})` : ''}`,
    close: () => db.destroy(),
  };
}
