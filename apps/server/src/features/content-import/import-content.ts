import fs from 'node:fs';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { createAppState } from '../../db/app-state.ts';
import type { CoreTables } from '../../db/core-tables.ts';
import type { ContentRevision } from '../../shared/content-revision.ts';
import type { ContentKind, ImportProblem, Located } from '../../shared/site-registry.ts';
import { readContentPath } from './content-files.ts';

/** Per content path: how many items were created and how many updated. */
export type ImportSummary = Record<string, { created: number; updated: number }>;

export class ContentImportError extends Error {
  readonly problems: ImportProblem[];
  constructor(problems: ImportProblem[]) {
    super(`The content has ${problems.length} problem(s); nothing was imported.`);
    this.problems = problems;
  }
}

function itemsOf(kind: ContentKind, parsed: unknown): unknown[] {
  if (kind.itemsOf) return kind.itemsOf(parsed);
  return Array.isArray(parsed) ? parsed : [parsed];
}

/** Items that must differ (e.g. two files with one title). */
function duplicates(kind: ContentKind, items: Located<unknown>[]): ImportProblem[] {
  const problems: ImportProblem[] = [];
  for (const { field, keyOf } of kind.uniqueKeys ?? []) {
    const seen = new Map<string | number, string>();
    for (const { file, value } of items) {
      const key = keyOf(value);
      if (key === undefined) continue;
      const first = seen.get(key);
      if (first) problems.push({ file, field, message: `is the same as in ${first}` });
      else seen.set(key, file);
    }
  }
  return problems;
}

/**
 * Validates every item of every kind under `folder` first; only when all are valid does it write them, in
 * one transaction, as upserts, and moves the revisions of the kinds it wrote in that same transaction (so
 * cached pages and answers that show them are dropped in every process). Running it twice changes only
 * the revisions.
 */
export async function importContentFolder(
  db: Kysely<CoreTables>,
  kinds: readonly ContentKind[],
  folder: string,
  revision: Pick<ContentRevision, 'changed' | 'forget'>,
): Promise<ImportSummary> {
  if (!fs.existsSync(folder) || !fs.statSync(folder).isDirectory()) {
    throw new ContentImportError([{ file: folder, field: 'folder', message: 'is not a folder' }]);
  }
  const problems: ImportProblem[] = [];
  const batches: { kind: ContentKind; items: Located<unknown>[] }[] = [];
  for (const kind of kinds) {
    const read = readContentPath(folder, kind.path);
    problems.push(...read.problems);
    const items: Located<unknown>[] = [];
    for (const { file, parsed, lineOf } of read.files) {
      let raw: unknown[];
      try {
        raw = itemsOf(kind, parsed);
      } catch (error) {
        problems.push({
          file,
          field: 'file',
          message: error instanceof Error ? error.message : String(error),
        });
        continue;
      }
      // An item of a list is named by the line it starts on (`offers/offers.json:14`), or by its place in the
      // list where several items share a line.
      const lineOfItem = lineOf ? itemLines(parsed, lineOf) : undefined;
      const lines = raw.map((item) => (raw.length > 1 ? lineOfItem?.(item) : undefined));
      const shared = new Set(lines.filter((line, i) => line !== undefined && lines.indexOf(line) !== i));
      raw.forEach((item, i) => {
        const line = lines[i];
        const where =
          line !== undefined && !shared.has(line)
            ? `${file}:${line}`
            : raw.length > 1
              ? `${file}[${i}]`
              : file;
        const result = (kind.schema as z.ZodType).safeParse(item);
        if (result.success) items.push({ file: where, value: result.data });
        else
          for (const issue of result.error.issues)
            problems.push({ file: where, field: issue.path.join('.') || '(item)', message: issue.message });
      });
    }
    problems.push(...duplicates(kind, items));
    batches.push({ kind, items });
  }
  if (problems.length > 0) throw new ContentImportError(problems);

  const summary: ImportSummary = {};
  await db.transaction().execute(async (tx) => {
    for (const { kind, items } of batches) problems.push(...((await kind.check?.(tx, items)) ?? []));
    if (problems.length > 0) throw new ContentImportError(problems);
    for (const { kind, items } of batches) {
      const counts = { created: 0, updated: 0 };
      for (const { value } of items) counts[await kind.upsert(tx, value)] += 1;
      if (items.length > 0) await kind.finish?.(tx);
      summary[kind.path] = counts;
    }
    // Only the kinds that had items: importing the blog folder leaves the gallery's pages cached.
    const changed = batches.filter((b) => b.items.length > 0).map((b) => b.kind.revisionKind);
    if (changed.length > 0) await revision.changed(changed, tx);
  });
  // A page rendered while the transaction was open may have read the old revision.
  revision.forget();
  for (const { kind, items } of batches) if (items.length > 0) kind.committed?.();
  return summary;
}

// Databases seeded before content kinds had their own claims recorded this one key for blogs and posts.
const legacySeededKey = 'content_seeded_at';
const legacyPaths = new Set(['blogs', 'posts']);

/**
 * First start: each content kind whose tables are empty gets the repository's seed content, once per
 * database (deleting everything later does not bring the seed back). A kind added by a later release is
 * seeded on the first start that knows it.
 */
export async function seedContentOnFirstStart(
  db: Kysely<CoreTables>,
  kinds: readonly ContentKind[],
  folder: string,
  revision: Pick<ContentRevision, 'changed' | 'forget'>,
): Promise<ImportSummary | undefined> {
  const appState = createAppState(db);
  const legacySeeded = (await appState.read(legacySeededKey)) !== undefined;
  const claimed: { kind: ContentKind; key: string }[] = [];
  for (const kind of kinds) {
    if (legacySeeded && legacyPaths.has(kind.path)) continue;
    const key = `content_seeded:${kind.path}`;
    // Claim first, so two processes starting together cannot both import.
    if (!(await appState.claim(key))) continue;
    if (await kind.isEmpty()) claimed.push({ kind, key });
  }
  if (claimed.length === 0) return undefined;
  try {
    return await importContentFolder(
      db,
      claimed.map((c) => c.kind),
      folder,
      revision,
    );
  } catch (error) {
    // Let the next start try again once the seed is fixed.
    for (const { key } of claimed) await appState.release(key);
    throw error;
  }
}

/**
 * The line an item of a file starts on. A kind whose `itemsOf` builds new objects from the file's (a quiz
 * file's questions get its topic) loses their identity, so an item without a line of its own takes the line
 * of the file's object whose every field it carries unchanged.
 */
function itemLines(parsed: unknown, lineOf: (value: unknown) => number | undefined) {
  const objects: { object: Record<string, unknown>; line: number }[] = [];
  const walk = (value: unknown) => {
    if (typeof value !== 'object' || value === null) return;
    const line = lineOf(value);
    if (!Array.isArray(value) && line !== undefined)
      objects.push({ object: value as Record<string, unknown>, line });
    for (const child of Object.values(value)) walk(child);
  };
  walk(parsed);
  return (item: unknown): number | undefined => {
    const own = lineOf(item);
    if (own !== undefined || typeof item !== 'object' || item === null) return own;
    const fields = item as Record<string, unknown>;
    return objects.find(
      ({ object }) =>
        Object.keys(object).length > 0 &&
        Object.entries(object).every(([key, value]) => fields[key] === value),
    )?.line;
  };
}
