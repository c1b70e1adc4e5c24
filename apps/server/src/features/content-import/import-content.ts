import { type BlogInput, blogInputSchema } from '@hurryup/contracts/blog';
import { type PostInput, postInputSchema } from '@hurryup/contracts/post';
import { collapseWhitespace } from '@hurryup/contracts/post-slug';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DatabaseSchema } from '../../db/schema.ts';
import type { BlogService } from '../blog/blog.service.ts';
import type { PostService } from '../posts/post.service.ts';
import { type ContentFile, type Problem, readContentFolder } from './content-files.ts';

export interface ImportSummary {
  blogs: { created: number; updated: number };
  posts: { created: number; updated: number };
}

export class ContentImportError extends Error {
  readonly problems: Problem[];
  constructor(problems: Problem[]) {
    super(`The content has ${problems.length} problem(s); nothing was imported.`);
    this.problems = problems;
  }
}

interface Located<T> {
  file: string;
  value: T;
}

function validate<S extends z.ZodType>(schema: S, item: unknown, file: string, problems: Problem[]) {
  const result = schema.safeParse(item);
  if (result.success) return result.data as z.output<S>;
  for (const issue of result.error.issues) {
    problems.push({ file, field: issue.path.join('.') || '(item)', message: issue.message });
  }
  return undefined;
}

/** Two items of the same kind must not share a title (or, for posts, an id). */
function findDuplicates<T>(items: Located<T>[], keyOf: (v: T) => string | number | undefined, field: string) {
  const problems: Problem[] = [];
  const seen = new Map<string | number, string>();
  for (const { file, value } of items) {
    const key = keyOf(value);
    if (key === undefined) continue;
    const first = seen.get(key);
    if (first) problems.push({ file, field, message: `is the same as in ${first}` });
    else seen.set(key, file);
  }
  return problems;
}

/**
 * Validates every item of every file first; only when all are valid does it write them, in one transaction,
 * as upserts (blogs by title; posts by id when given, else by title). Running it twice changes nothing.
 */
export async function importContent(
  db: Kysely<DatabaseSchema>,
  services: { blogs: BlogService; posts: PostService },
  files: ContentFile[],
  unreadable: Problem[] = [],
): Promise<ImportSummary> {
  const problems: Problem[] = [...unreadable];
  const blogs: Located<BlogInput>[] = [];
  const posts: Located<PostInput>[] = [];
  for (const { file, kind, items } of files) {
    items.forEach((item, i) => {
      const where = items.length > 1 ? `${file}[${i}]` : file;
      if (kind === 'blog') {
        const value = validate(blogInputSchema, item, where, problems);
        if (value) blogs.push({ file: where, value });
      } else {
        const value = validate(postInputSchema, item, where, problems);
        if (value) posts.push({ file: where, value });
      }
    });
  }
  problems.push(
    ...findDuplicates(blogs, (b) => collapseWhitespace(b.title), 'title'),
    ...findDuplicates(posts, (p) => collapseWhitespace(p.title), 'title'),
    ...findDuplicates(posts, (p) => p.id, 'id'),
  );
  if (problems.length > 0) throw new ContentImportError(problems);

  const summary: ImportSummary = { blogs: { created: 0, updated: 0 }, posts: { created: 0, updated: 0 } };
  await db.transaction().execute(async (tx) => {
    // Work out which stored post each file post lands on, so that two file posts never land on the same one
    // and a post keeping its id never takes the title of another stored post.
    const targets = new Map<number, string>();
    for (const { file, value } of posts) {
      const owner = await tx
        .selectFrom('posts')
        .select('id')
        .where('title_key', '=', collapseWhitespace(value.title))
        .executeTakeFirst();
      if (value.id !== undefined && owner && owner.id !== value.id) {
        problems.push({ file, field: 'title', message: `is already the title of post ${owner.id}` });
        continue;
      }
      const target = value.id ?? owner?.id;
      if (target === undefined) continue;
      const other = targets.get(target);
      if (other)
        problems.push({
          file,
          field: 'id',
          message: `would replace the same stored post (${target}) as ${other}`,
        });
      else targets.set(target, file);
    }
    if (problems.length > 0) throw new ContentImportError(problems);
    for (const { value } of blogs) summary.blogs[await services.blogs.upsertInTransaction(tx, value)] += 1;
    for (const { value } of posts) summary.posts[await services.posts.upsertInTransaction(tx, value)] += 1;
    await services.posts.finishImport(tx);
  });
  services.posts.invalidateIndex();
  return summary;
}

export async function importContentFolder(
  db: Kysely<DatabaseSchema>,
  services: { blogs: BlogService; posts: PostService },
  folder: string,
): Promise<ImportSummary> {
  const { files, problems } = readContentFolder(folder);
  return importContent(db, services, files, problems);
}

const seededKey = 'content_seeded_at';

/**
 * First start: an empty database gets the repository's seed content. Runs once per database; deleting every
 * post later does not bring the seed back.
 */
export async function seedContentOnFirstStart(
  db: Kysely<DatabaseSchema>,
  services: { blogs: BlogService; posts: PostService },
  folder: string,
): Promise<ImportSummary | undefined> {
  // Claim the one-time task first, so two processes starting together cannot both import.
  const claimed = await db
    .insertInto('app_state')
    .values({ key: seededKey, value: new Date().toISOString() })
    .onConflict((oc) => oc.column('key').doNothing())
    .returning('key')
    .executeTakeFirst();
  if (!claimed) return undefined;
  const [blogCount, postCount] = await Promise.all([
    db.selectFrom('blogs').select(db.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    db.selectFrom('posts').select(db.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  if (Number(blogCount.n) > 0 || Number(postCount.n) > 0) return undefined;
  try {
    return await importContentFolder(db, services, folder);
  } catch (error) {
    // Let the next start try again once the seed is fixed.
    await db.deleteFrom('app_state').where('key', '=', seededKey).execute();
    throw error;
  }
}
