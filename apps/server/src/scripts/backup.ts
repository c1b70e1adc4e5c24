// `npm run backup -- <folder>` (in the bundle: `hurryup backup <folder>`): one archive of the running site —
// the database (SQLite's online backup, or pg_dump with DATABASE_URL) and every file under DATA_DIR — written
// to <folder>/hurryup-<UTC time>.tar.gz. Safe while the site serves and writes.
import { writeBackup } from '../features/backup/backup-archive.ts';
import { ConfigError, loadConfig } from '../shared/config.ts';

const folder = process.argv[2];
if (!folder || folder.startsWith('-')) {
  console.error('usage: npm run backup -- <folder>');
  process.exit(2);
}
try {
  const config = loadConfig();
  const started = performance.now();
  const result = await writeBackup(
    { dataDir: config.dataDir, databaseUrl: config.databaseUrl },
    folder,
    new Date(),
  );
  console.log(
    `Wrote ${result.file}: ${(result.bytes / 1024 ** 2).toFixed(1)} MB, database ${result.database}, ` +
      `${result.files} files, in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
}
