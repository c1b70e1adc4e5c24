import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { testsWithoutDatabase } from './database-tests.ts';

const root = path.resolve(import.meta.dirname, '..');

describe('the server test files that run again on PostgreSQL', () => {
  const once = testsWithoutDatabase(root);

  it('leaves out the files that never open a database, such as the engines', () => {
    expect(once).toContain('apps/server/src/engines/ocr/ocr.test.ts');
    expect(once).toContain('apps/server/src/engines/speech/speech.test.ts');
    expect(once).toContain('apps/server/src/adapters/news-rss.test.ts');
  });

  it('keeps every file that opens one, directly or through a test app', () => {
    expect(once).not.toContain('apps/server/src/features/comments/comments.test.ts');
    expect(once).not.toContain('apps/server/src/app/database-faults.postgres.test.ts');
    expect(once).not.toContain('apps/server/src/app/migrations.test.ts');
  });
});
