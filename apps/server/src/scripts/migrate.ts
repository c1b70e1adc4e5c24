import { allMigrations } from '../app/build-app.ts';
import { features } from '../app/features.ts';
import { openConfiguredDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { ConfigError, loadConfig } from '../shared/config.ts';

try {
  const config = loadConfig();
  const database = openConfiguredDatabase(config);
  try {
    const result = await migrateToLatest(database, allMigrations(features));
    const applied = result.results?.filter((r) => r.status === 'Success').map((r) => r.migrationName) ?? [];
    console.log(
      applied.length
        ? `Applied ${applied.join(', ')} to ${database.describe}`
        : `${database.describe} is up to date`,
    );
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
  if (!(error instanceof ConfigError)) console.error(error);
}
