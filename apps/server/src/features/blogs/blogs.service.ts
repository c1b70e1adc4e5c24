import type { Blog, BlogInput } from '@hurryup/contracts/blog';
import type { Kysely } from 'kysely';
import { type Clock, systemClock } from '../../shared/clock.ts';
import { notFoundById, uniqueTitleGuard } from '../../shared/unique-key.ts';
import type { BlogRepository } from './blogs.repository.ts';
import type { BlogTables } from './blogs.tables.ts';

export function createBlogService(repository: BlogRepository, clock: Pick<Clock, 'now'> = systemClock) {
  const withUniqueTitle = uniqueTitleGuard('blog', (title) => repository.findIdByTitle(title));
  const nowIso = () => new Date(clock.now()).toISOString();
  return {
    /** The published blogs at the clock's time, in the blog's order. */
    list: (): Promise<Blog[]> => repository.list({ publicAt: nowIso() }),
    /** Every blog, drafts and scheduled ones included (the admin calls). */
    listAll: (page: { limit: number; offset: number } | undefined, titleHas?: string) =>
      repository.listAll(page, titleHas),
    countAll: (titleHas?: string) => repository.count(titleHas),
    getAny: (id: number) => repository.get(id),
    /** When the published blogs change next by themselves (a scheduled blog's time), in ms. */
    nextPublishTime: () => repository.nextPublishTime(nowIso()),

    create: (input: BlogInput): Promise<Blog> =>
      withUniqueTitle(input.title, undefined, () => repository.insert(input)),

    update: (id: number, input: BlogInput): Promise<Blog> =>
      withUniqueTitle(input.title, id, async () => {
        const blog = await repository.update(id, input);
        if (!blog) throw notFoundById('blog', id);
        return blog;
      }),

    async delete(id: number): Promise<void> {
      if (!(await repository.delete(id))) throw notFoundById('blog', id);
    },

    /** Imports match blogs by title: a file's blog replaces the one with the same title. */
    async upsertInTransaction(tx: Kysely<BlogTables>, input: BlogInput): Promise<'created' | 'updated'> {
      const existingId = await repository.findIdByTitle(input.title, tx);
      if (existingId !== undefined) {
        await repository.update(existingId, input, tx);
        return 'updated';
      }
      await repository.insert(input, tx);
      return 'created';
    },
  };
}
export type BlogService = ReturnType<typeof createBlogService>;
