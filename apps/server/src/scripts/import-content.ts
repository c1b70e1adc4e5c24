/**
 * `npm run content:import -- <folder>`: validates every content file under <folder> (blogs/, posts/ and
 * every other content kind a feature registers) and, only if all are valid, upserts them in one transaction.
 */
import path from 'node:path';
import { buildApp } from '../app/build-app.ts';
import { loadSiteConfig } from '../app/site-config.ts';
import { formatProblem } from '../features/content-import/content-files.ts';
import { ContentImportError, importContentFolder } from '../features/content-import/import-content.ts';
import { ConfigError } from '../shared/config.ts';

const folder = process.argv[2];
if (!folder) {
  console.error('Usage: npm run content:import -- <folder with blogs/, posts/, …>');
  process.exit(2);
}

try {
  // The app without pages: it migrates the database and gathers every feature's content kinds.
  const app = await buildApp(loadSiteConfig({ ...process.env, SEED_CONTENT: 'false' }), {
    logger: false,
    role: 'tool',
  });
  try {
    await app.ready();
    const summary = await importContentFolder(
      app.database.db,
      app.site.contentKinds,
      path.resolve(folder),
      app.site.contentRevision,
    );
    const counts = Object.entries(summary)
      .map(([kind, c]) => `${kind} ${c.created} created, ${c.updated} updated`)
      .join('; ');
    console.log(`Imported into ${app.database.describe}: ${counts}.`);
  } finally {
    await app.close();
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
