/**
 * `npm run content:import -- <folder>`: validates every blog and post file under <folder>/blogs and
 * <folder>/posts and, only if all are valid, upserts them in one transaction.
 */
import path from 'node:path';
import { ConfigError, loadConfig } from '../app/config.ts';
import { createServices } from '../app/services.ts';
import { openConfiguredDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { formatProblem } from '../features/content-import/content-files.ts';
import { ContentImportError, importContentFolder } from '../features/content-import/import-content.ts';

const folder = process.argv[2];
if (!folder) {
  console.error('Usage: npm run content:import -- <folder with blogs/ and posts/>');
  process.exit(2);
}

try {
  const config = loadConfig();
  const database = openConfiguredDatabase(config);
  try {
    await migrateToLatest(database);
    const summary = await importContentFolder(database.db, createServices(database), path.resolve(folder));
    console.log(
      `Imported into ${database.describe}: blogs ${summary.blogs.created} created, ${summary.blogs.updated} updated; ` +
        `posts ${summary.posts.created} created, ${summary.posts.updated} updated.`,
    );
  } finally {
    await database.close();
  }
} catch (error) {
  if (error instanceof ContentImportError) {
    for (const problem of error.problems) console.error(formatProblem(problem));
    console.error(error.message);
  } else if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exitCode = 1;
}
