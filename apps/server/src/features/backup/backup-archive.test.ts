import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { pruneBackups, RestoreRefusedError, restoreBackup, writeBackup } from './backup-archive.ts';

const made: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hurryup-backup-test-'));
  made.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function siteWithData() {
  const dataDir = tempDir();
  const db = new SqliteDatabase(path.join(dataDir, 'site.sqlite'));
  db.pragma('journal_mode = WAL');
  db.exec('create table notes (id integer primary key, text text not null)');
  const insert = db.prepare('insert into notes (text) values (?)');
  for (let i = 0; i < 50; i += 1) insert.run(`note ${i}`);
  fs.mkdirSync(path.join(dataDir, 'speech'), { recursive: true });
  fs.writeFileSync(path.join(dataDir, 'speech', 'abc.mp3'), Buffer.from('ID3 audio'));
  fs.mkdirSync(path.join(dataDir, 'images', '400'), { recursive: true });
  fs.writeFileSync(path.join(dataDir, 'images', '400', 'a.webp'), Buffer.from('RIFF webp'));
  fs.mkdirSync(path.join(dataDir, 'tmp', 'uploads'), { recursive: true });
  fs.writeFileSync(path.join(dataDir, 'tmp', 'uploads', 'half'), 'an upload in progress');
  // An image copy being written (renamed into place when whole).
  fs.writeFileSync(path.join(dataDir, 'images', '400', 'b.webp.123.1.1795852409092.tmp'), 'half a copy');
  return { dataDir, db, insert };
}

describe('backups', () => {
  it('copy the live SQLite database and every file under DATA_DIR, and restore them into a fresh one', async () => {
    const { dataDir, db, insert } = siteWithData();
    const backups = tempDir();
    // Rows still in the WAL (not checkpointed) are part of the copy.
    insert.run('written just before the backup');
    const result = await writeBackup({ dataDir }, backups, new Date('2026-11-27T02:00:00Z'));
    insert.run('written after the backup');
    db.close();
    expect(path.basename(result.file)).toBe('hurryup-20261127T020000Z.tar.gz');
    expect(result).toMatchObject({ database: 'sqlite', files: 2 });

    const fresh = path.join(tempDir(), 'data');
    const restored = await restoreBackup({ dataDir: fresh }, result.file);
    expect(restored).toMatchObject({ database: 'sqlite', files: 2, takenAt: '2026-11-27T02:00:00.000Z' });
    expect(fs.readFileSync(path.join(fresh, 'speech', 'abc.mp3'), 'utf8')).toBe('ID3 audio');
    expect(fs.existsSync(path.join(fresh, 'images', '400', 'a.webp'))).toBe(true);
    // Unfinished uploads and files being written are not part of a backup.
    expect(fs.existsSync(path.join(fresh, 'tmp'))).toBe(false);
    expect(fs.readdirSync(path.join(fresh, 'images', '400'))).toEqual(['a.webp']);
    const copy = new SqliteDatabase(path.join(fresh, 'site.sqlite'), { readonly: true });
    const texts = copy.prepare('select text from notes').pluck().all();
    copy.close();
    expect(texts).toHaveLength(51);
    expect(texts).toContain('written just before the backup');
    expect(texts).not.toContain('written after the backup');
  });

  it('refuse to restore over a DATA_DIR that holds files, unless forced', async () => {
    const { dataDir, db } = siteWithData();
    db.close();
    const backups = tempDir();
    const { file } = await writeBackup({ dataDir }, backups, new Date(Date.UTC(2026, 10, 27)));
    const occupied = tempDir();
    fs.writeFileSync(path.join(occupied, 'site.sqlite'), 'the live database');
    await expect(restoreBackup({ dataDir: occupied }, file)).rejects.toBeInstanceOf(RestoreRefusedError);
    expect(fs.readFileSync(path.join(occupied, 'site.sqlite'), 'utf8')).toBe('the live database');
    await restoreBackup({ dataDir: occupied }, file, { force: true });
    expect(fs.statSync(path.join(occupied, 'site.sqlite')).size).toBeGreaterThan(1000);
  });

  it('refuse an archive that is not a backup, and a PostgreSQL dump without DATABASE_URL', async () => {
    const dir = tempDir();
    const notABackup = path.join(dir, 'x.tar.gz');
    fs.writeFileSync(notABackup, 'not gzip');
    await expect(restoreBackup({ dataDir: path.join(dir, 'data') }, notABackup)).rejects.toThrow();
    await expect(
      restoreBackup({ dataDir: path.join(dir, 'data') }, path.join(dir, 'missing.tar.gz')),
    ).rejects.toThrow('does not exist');
  });

  it('keep the newest archives when pruning', () => {
    const dir = tempDir();
    const names = [
      'hurryup-20261120T020000Z.tar.gz',
      'hurryup-20261121T020000Z.tar.gz',
      'hurryup-20261122T020000Z.tar.gz',
      'notes.txt',
    ];
    for (const name of names) fs.writeFileSync(path.join(dir, name), '');
    expect(pruneBackups(dir, 2)).toEqual(['hurryup-20261120T020000Z.tar.gz']);
    expect(fs.readdirSync(dir).sort()).toEqual(names.slice(1).sort());
  });
});
