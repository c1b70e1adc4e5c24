import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import SqliteDatabase from 'better-sqlite3';

const run = promisify(execFile);

/** The SQLite file's name inside DATA_DIR (db/database.ts) and inside an archive. */
export const sqliteName = 'site.sqlite';
/** A PostgreSQL dump's name inside an archive (`pg_dump --format=custom`). */
export const postgresDumpName = 'database.pgdump';
const manifestName = 'hurryup-backup.json';

/** What DATA_DIR holds that a backup leaves out: the live database files and unfinished uploads. */
const skipped = new Set([
  sqliteName,
  `${sqliteName}-wal`,
  `${sqliteName}-shm`,
  `${sqliteName}-journal`,
  'tmp',
]);

export interface BackupSource {
  dataDir: string;
  databaseUrl?: string | undefined;
}

export interface BackupResult {
  file: string;
  bytes: number;
  database: 'sqlite' | 'postgres' | 'none';
  files: number;
}

function stamp(date: Date) {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
}

function listFiles(root: string, relative = ''): string[] {
  const dir = path.join(root, relative);
  if (!fs.existsSync(dir)) return [];
  const files: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const name = relative ? path.join(relative, entry.name) : entry.name;
    if (!relative && skipped.has(entry.name)) continue;
    if (entry.isDirectory()) files.push(...listFiles(root, name));
    // A `.tmp` file is a write in progress (an image copy, a speech file), renamed into place when whole.
    else if (entry.isFile() && !entry.name.endsWith('.tmp')) files.push(name);
  }
  return files;
}

/**
 * Writes one archive of the site, taken while it runs: the database (SQLite through its online backup API, so
 * the copy is consistent while writers go on; PostgreSQL through `pg_dump`) and every file under DATA_DIR
 * (uploads, audio, image copies), into `<folder>/hurryup-<UTC time>.tar.gz`.
 */
export async function writeBackup(source: BackupSource, folder: string, now: Date): Promise<BackupResult> {
  fs.mkdirSync(folder, { recursive: true });
  // Staged inside DATA_DIR/tmp (left out of every backup), so DATA_DIR's files are hard links, not copies.
  fs.mkdirSync(path.join(source.dataDir, 'tmp'), { recursive: true });
  const staging = fs.mkdtempSync(path.join(source.dataDir, 'tmp', 'backup-'));
  try {
    let database: BackupResult['database'] = 'none';
    if (source.databaseUrl) {
      await run('pg_dump', [
        '--format=custom',
        '--no-owner',
        '--no-privileges',
        `--file=${path.join(staging, postgresDumpName)}`,
        `--dbname=${source.databaseUrl}`,
      ]);
      database = 'postgres';
    } else if (fs.existsSync(path.join(source.dataDir, sqliteName))) {
      const live = new SqliteDatabase(path.join(source.dataDir, sqliteName), { fileMustExist: true });
      try {
        // One step copies every page, so the copy is one consistent state even while the site writes (a
        // step-by-step copy restarts whenever another connection writes between two steps).
        await live.backup(path.join(staging, sqliteName), { progress: () => 2 ** 30 });
      } finally {
        live.close();
      }
      database = 'sqlite';
    }
    const files: string[] = [];
    for (const name of listFiles(source.dataDir)) {
      const to = path.join(staging, 'files', name);
      fs.mkdirSync(path.dirname(to), { recursive: true });
      try {
        try {
          fs.linkSync(path.join(source.dataDir, name), to);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw error;
          fs.copyFileSync(path.join(source.dataDir, name), to);
        }
        files.push(name);
      } catch (error) {
        // Removed since it was listed (a speech file swept, a copy replaced): the site goes on while it is
        // backed up, and a file that is gone is no part of it.
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
    fs.writeFileSync(
      path.join(staging, manifestName),
      JSON.stringify({ format: 1, takenAt: now.toISOString(), database, files: files.length }, null, 2),
    );
    const file = path.join(folder, `hurryup-${stamp(now)}.tar.gz`);
    const partial = `${file}.partial`;
    const tar = await import('tar');
    await tar.c({ gzip: true, file: partial, cwd: staging, portable: true }, fs.readdirSync(staging));
    fs.renameSync(partial, file);
    return { file, bytes: fs.statSync(file).size, database, files: files.length };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

export class RestoreRefusedError extends Error {}

export interface RestoreResult {
  database: 'sqlite' | 'postgres' | 'none';
  files: number;
  takenAt: string;
}

/**
 * Restores an archive of `writeBackup` into DATA_DIR (and the PostgreSQL database named by DATABASE_URL when
 * the archive holds a dump). A DATA_DIR that already holds files is refused unless `force` is given: a
 * restore replaces what is there.
 */
export async function restoreBackup(
  target: BackupSource,
  archive: string,
  options: { force?: boolean } = {},
): Promise<RestoreResult> {
  if (!fs.existsSync(archive)) throw new RestoreRefusedError(`${archive} does not exist.`);
  const existing = fs.existsSync(target.dataDir) ? fs.readdirSync(target.dataDir) : [];
  if (existing.length > 0 && !options.force) {
    throw new RestoreRefusedError(
      `${target.dataDir} is not empty: restoring would replace what is there. Give --force to do so.`,
    );
  }
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'hurryup-restore-'));
  try {
    const tar = await import('tar');
    await tar.x({ file: archive, cwd: staging });
    const manifestFile = path.join(staging, manifestName);
    if (!fs.existsSync(manifestFile)) throw new RestoreRefusedError(`${archive} is not a Hurry Up backup.`);
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as { takenAt: string };
    fs.mkdirSync(target.dataDir, { recursive: true });
    if (options.force) {
      for (const name of existing)
        fs.rmSync(path.join(target.dataDir, name), { recursive: true, force: true });
    }
    let database: RestoreResult['database'] = 'none';
    if (fs.existsSync(path.join(staging, postgresDumpName))) {
      if (!target.databaseUrl) {
        throw new RestoreRefusedError('The archive holds a PostgreSQL dump: set DATABASE_URL to restore it.');
      }
      await run('pg_restore', [
        '--clean',
        '--if-exists',
        '--no-owner',
        '--no-privileges',
        `--dbname=${target.databaseUrl}`,
        path.join(staging, postgresDumpName),
      ]);
      database = 'postgres';
    } else if (fs.existsSync(path.join(staging, sqliteName))) {
      fs.copyFileSync(path.join(staging, sqliteName), path.join(target.dataDir, sqliteName));
      database = 'sqlite';
    }
    const filesDir = path.join(staging, 'files');
    const files = listFiles(filesDir);
    if (fs.existsSync(filesDir)) fs.cpSync(filesDir, target.dataDir, { recursive: true });
    return { database, files: files.length, takenAt: manifest.takenAt };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/** When the newest archive of `writeBackup` in `folder` was taken (from its name), or undefined when none. */
export function newestBackupAt(folder: string): Date | undefined {
  if (!fs.existsSync(folder)) return undefined;
  const newest = fs
    .readdirSync(folder)
    .filter((name) => /^hurryup-\d{8}T\d{6}Z\.tar\.gz$/.test(name))
    .sort()
    .at(-1);
  const parts = newest && /^hurryup-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z/.exec(newest);
  if (!parts) return undefined;
  const [, y, mo, d, h, mi, se] = parts.map(Number);
  return new Date(Date.UTC(y!, mo! - 1, d!, h!, mi!, se!));
}

/** Keeps the newest `keep` archives of `writeBackup` in `folder` and deletes the rest. */
export function pruneBackups(folder: string, keep: number): string[] {
  if (!fs.existsSync(folder)) return [];
  const archives = fs
    .readdirSync(folder)
    .filter((name) => /^hurryup-\d{8}T\d{6}Z\.tar\.gz$/.test(name))
    .sort()
    .reverse();
  const removed = archives.slice(keep);
  for (const name of removed) fs.rmSync(path.join(folder, name));
  return removed;
}
