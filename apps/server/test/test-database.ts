import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Database, openDatabase } from '../src/db/database.ts';

export interface TestDatabase extends Database {
  /** Closes the connection and removes everything this test database created. */
  dispose(): Promise<void>;
}

/**
 * A fresh, empty database for one test file: a temporary SQLite file, or, when the project runs with
 * TEST_DIALECT=postgres, a new schema in TEST_DATABASE_URL that is dropped afterwards.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (process.env.TEST_DIALECT === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DIALECT=postgres needs TEST_DATABASE_URL');
    const schema = `t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema "${schema}"`);
    await admin.end();
    const database = openDatabase({ databaseUrl: url, postgresSchema: schema });
    return {
      ...database,
      async dispose() {
        await database.close();
        const cleanup = new pg.Client({ connectionString: url });
        await cleanup.connect();
        await cleanup.query(`drop schema "${schema}" cascade`);
        await cleanup.end();
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hurryup-test-'));
  const database = openDatabase({ sqliteFile: path.join(dir, 'test.sqlite') });
  return {
    ...database,
    async dispose() {
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
