import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient, SqliteDialect } from 'kysely';
import type pg from 'pg';
import type { CoreTables } from './core-tables.ts';
import { asDatabaseError, DatabaseUnavailableError, isConnectionFailure } from './database-unavailable.ts';

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
  /** PostgreSQL `application_name` of the connections, as `pg_stat_activity` shows them. */
  applicationName?: string;
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
  if (options.databaseUrl)
    return openPostgres(options.databaseUrl, options.postgresSchema, options.applicationName);
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

// Loaded by the first PostgreSQL database a process opens: SQLite's processes never hold it (the db layer
// keeps to itself, so not through shared/load-on-use.ts).
let pgModule: typeof pg | undefined;
const loadPg = (): typeof pg => {
  pgModule ??= createRequire(import.meta.url)('pg') as typeof pg;
  return pgModule;
};

function openPostgres(url: string, schema?: string, applicationName?: string): Database {
  const pool = new (loadPg().Pool)({
    connectionString: url,
    ...(applicationName ? { application_name: applicationName } : {}),
    max: 10,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  const db = new Kysely<CoreTables>({ dialect: new PostgresDialect({ pool: guardedPool(pool) }) });
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

/**
 * The pool as Kysely sees it, made safe against a database that goes away (a restart, a failover,
 * `pg_terminate_backend`, an idle-in-transaction timeout, a proxy's reset):
 *
 * - every client the pool creates has an `'error'` listener from its first moment, checked out or idle:
 *   `pg`'s Client emits `'error'` when its connection breaks, and an `'error'` nobody listens to ends the
 *   process (the pool's own listener covers idle clients only);
 * - a client that failed is released with its error, so the pool discards it instead of lending it again;
 * - a failure of the connection (not of the query) reaches the app as `DatabaseUnavailableError`, which
 *   the site answers 503 with `Retry-After`; the next query gets a new connection, so the process recovers
 *   by itself once the database is back.
 */
/** A `pg` Client that is never without an `'error'` listener (its failure shows in the query it ran). */
let listenedClient: typeof pg.Client | undefined;
function listenedClientClass(): typeof pg.Client {
  listenedClient ??= class ListenedClient extends loadPg().Client {
    constructor(config?: string | pg.ClientConfig) {
      super(config);
      this.on('error', () => {});
    }
  };
  return listenedClient;
}

function guardedPool(pool: pg.Pool): PostgresPool {
  const broken = new WeakMap<pg.PoolClient, Error>();
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  // An idle client losing its connection: the pool removes it by itself.
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    client.on('error', (error) => {
      if (!broken.has(client)) broken.set(client, error);
    });
  });
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    const known = wrappers.get(client);
    if (known) return known;
    const query = async (sql: string, parameters: ReadonlyArray<unknown>) => {
      try {
        return await client.query(sql, parameters as unknown[]);
      } catch (error) {
        if (isConnectionFailure(error)) {
          if (!broken.has(client)) broken.set(client, error as Error);
          throw asDatabaseError(error);
        }
        throw error;
      }
    };
    const wrapper = {
      get processID() {
        return (client as unknown as { processID?: number }).processID;
      },
      query,
      release(destroy?: boolean) {
        const failure = broken.get(client);
        client.release(failure ?? (destroy ? true : undefined));
      },
    } as unknown as PostgresPoolClient;
    wrappers.set(client, wrapper);
    return wrapper;
  };
  return {
    // Kysely's own client for cancelling a query: it too listens for errors.
    Client: listenedClientClass() as unknown as NonNullable<PostgresPool['Client']>,
    options: pool.options,
    async connect() {
      try {
        return wrap(await pool.connect());
      } catch (error) {
        throw isConnectionFailure(error) ? asDatabaseError(error) : new DatabaseUnavailableError(error);
      }
    },
    end: () => pool.end(),
  };
}
