import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ContentImportError, importContentFolder } from '../src/features/content-import/import-content.ts';
import type { TestApp } from './test-app.ts';

/** A temporary content folder holding `files` (path → text or JSON value); `remove` deletes it. */
export function contentFolder(files: Record<string, unknown>): { root: string; remove(): void } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'hurryup-content-'));
  for (const [name, value] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    // Written as people write them, one field a line, so problems name real lines.
    fs.writeFileSync(
      path.join(root, name),
      typeof value === 'string' ? value : JSON.stringify(value, null, 2),
    );
  }
  return { root, remove: () => fs.rmSync(root, { recursive: true, force: true }) };
}

/** Imports a folder into the test app as `npm run content:import` does: counts per content kind. */
export const importContent = (t: TestApp, root: string) =>
  importContentFolder(t.database.db, t.app.site.contentKinds, root, t.app.site.contentRevision);

/** The problems an import reports, as `file: field: message` lines; fails when the import succeeds. */
export async function importProblems(t: TestApp, root: string): Promise<string[]> {
  try {
    await importContent(t, root);
  } catch (error) {
    if (error instanceof ContentImportError)
      return error.problems.map((p) => `${p.file}: ${p.field}: ${p.message}`);
    throw error;
  }
  throw new Error('The import succeeded; problems were expected');
}
