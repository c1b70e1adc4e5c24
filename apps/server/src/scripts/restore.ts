// `npm run restore -- <archive> [--force]` (in the bundle: `hurryup restore …`): puts an archive of
// `npm run backup` back into DATA_DIR (and into DATABASE_URL's database when it holds a PostgreSQL dump).
// A DATA_DIR that already holds files is refused unless --force is given. Stop the site first.
import { RestoreRefusedError, restoreBackup } from '../features/backup/backup-archive.ts';
import { ConfigError, loadConfig } from '../shared/config.ts';

const args = process.argv.slice(2);
const archive = args.find((arg) => !arg.startsWith('--'));
if (!archive) {
  console.error('usage: npm run restore -- <archive> [--force]');
  process.exit(2);
}
try {
  const config = loadConfig();
  const started = performance.now();
  const result = await restoreBackup({ dataDir: config.dataDir, databaseUrl: config.databaseUrl }, archive, {
    force: args.includes('--force'),
  });
  console.log(
    `Restored the backup of ${result.takenAt} into ${config.dataDir}: database ${result.database}, ` +
      `${result.files} files, in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
} catch (error) {
  console.error(error instanceof ConfigError || error instanceof RestoreRefusedError ? error.message : error);
  process.exitCode = 1;
}
