import type { Blog, BlogInput } from '@hurryup/contracts/blog';
import { errorCodes } from '@hurryup/contracts/errors';
import type { Transaction } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { HttpError } from '../../shared/http-error.ts';
import type { BlogRepository } from './blog.repository.ts';

const duplicateTitle = () =>
  new HttpError(409, errorCodes.conflict, 'Another blog already has this title.', {
    title: 'Another blog already has this title.',
  });
const notFound = (id: number) => new HttpError(404, errorCodes.notFound, `There is no blog with id ${id}.`);

export function createBlogService(repository: BlogRepository) {
  return {
    list: (): Promise<Blog[]> => repository.list(),
    get: (id: number) => repository.get(id),

    async create(input: BlogInput): Promise<Blog> {
      if (await repository.findIdByTitle(input.title)) throw duplicateTitle();
      try {
        return await repository.insert(input);
      } catch (error) {
        if (isUniqueViolation(error)) throw duplicateTitle();
        throw error;
      }
    },

    async update(id: number, input: BlogInput): Promise<Blog> {
      const owner = await repository.findIdByTitle(input.title);
      if (owner !== undefined && owner !== id) throw duplicateTitle();
      try {
        const blog = await repository.update(id, input);
        if (!blog) throw notFound(id);
        return blog;
      } catch (error) {
        if (isUniqueViolation(error)) throw duplicateTitle();
        throw error;
      }
    },

    async delete(id: number): Promise<void> {
      if (!(await repository.delete(id))) throw notFound(id);
    },

    /** Blogs are matched by title in imports: a file's blog replaces the one with the same title. */
    async upsertInTransaction(
      tx: Transaction<DatabaseSchema>,
      input: BlogInput,
    ): Promise<'created' | 'updated'> {
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
