// Which server test files open the database: only those run a second time against PostgreSQL
// (vitest.config.ts, project `server-postgres`). A file that never opens one (an engine, an adapter against
// its fake, a parser) would only repeat itself there, and the OCR and speech engines' files are the slowest.
import fs from 'node:fs';
import path from 'node:path';

/** What in a test file's text means it opens the site's database (directly or through a test app). */
const opensDatabase =
  /test-app|test-database|another-process|createTestApp|createDatabase|TEST_DIALECT|TEST_DATABASE_URL/;

/** The server test files (relative to `root`) that never open the database. */
export function testsWithoutDatabase(root: string, pattern = 'apps/server/src/**/*.test.ts'): string[] {
  return fs
    .globSync(pattern, { cwd: root })
    .filter((file) => !opensDatabase.test(fs.readFileSync(path.join(root, file), 'utf8')))
    .sort();
}
