import { errorCodes } from '@hurryup/contracts/errors';
import type { Post, PostInput, PostSearchHit } from '@hurryup/contracts/post';
import type { Transaction } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { HttpError } from '../../shared/http-error.ts';
import type { PostRepository } from './post.repository.ts';
import { PostSearchIndex } from './post-search-index.ts';

// Another server process may change posts; its changes reach this process's index within this time.
const revisionCheckIntervalMs = 10_000;

const duplicatePostTitle = () =>
  new HttpError(409, errorCodes.conflict, 'Another post already has this title.', {
    title: 'Another post already has this title.',
  });

export function createPostService(
  repository: PostRepository,
  options: { revisionCheckIntervalMs?: number } = {},
) {
  const checkEvery = options.revisionCheckIntervalMs ?? revisionCheckIntervalMs;
  const index = new PostSearchIndex();
  // The posts revision the index reflects; undefined until the first build or after a missed change.
  let indexedRevision: number | undefined;
  let lastRevisionCheck = 0;
  let rebuilding: Promise<void> | undefined;

  /** Rebuilds from the database; searches arriving meanwhile wait for the same rebuild. */
  function rebuildIndex(): Promise<void> {
    rebuilding ??= (async () => {
      try {
        const revision = await repository.currentRevision();
        index.replaceAll(await repository.listSearchFields());
        indexedRevision = revision;
        lastRevisionCheck = Date.now();
      } finally {
        rebuilding = undefined;
      }
    })();
    return rebuilding;
  }

  async function refreshIndexIfStale() {
    if (indexedRevision === undefined) return rebuildIndex();
    if (Date.now() - lastRevisionCheck < checkEvery) return;
    lastRevisionCheck = Date.now();
    if ((await repository.currentRevision()) !== indexedRevision) await rebuildIndex();
  }

  /** Applies this process's own change to the index; a change from elsewhere in between forces a rebuild. */
  async function noteChange(change: { post?: Post; removedId?: number }) {
    // The write itself has succeeded; if the bookkeeping fails, rebuild at the next search instead.
    const revision = await repository.bumpRevision().catch(() => undefined);
    if (revision !== undefined && indexedRevision !== undefined && revision === indexedRevision + 1) {
      if (change.post) index.upsert(change.post);
      if (change.removedId !== undefined) index.remove(change.removedId);
      indexedRevision = revision;
    } else {
      indexedRevision = undefined;
    }
  }

  return {
    rebuildIndex,
    /** The next search rebuilds the index first (after an import, which writes around the service). */
    invalidateIndex() {
      indexedRevision = undefined;
    },
    list: (page?: { limit: number; offset: number }) => repository.list(page),
    count: () => repository.count(),
    get: (id: number) => repository.get(id),
    getByTitle: (title: string) => repository.getByTitle(title),

    async search(query: string, limit?: number): Promise<PostSearchHit[]> {
      await refreshIndexIfStale();
      return index.search(query, limit);
    },

    async create(input: PostInput): Promise<Post> {
      if (await repository.findIdByTitle(input.title)) throw duplicatePostTitle();
      try {
        const post = await repository.insert({ ...input, id: undefined });
        await noteChange({ post });
        return post;
      } catch (error) {
        if (isUniqueViolation(error)) throw duplicatePostTitle();
        throw error;
      }
    },

    async update(id: number, input: PostInput): Promise<Post> {
      const owner = await repository.findIdByTitle(input.title);
      if (owner !== undefined && owner !== id) throw duplicatePostTitle();
      try {
        const post = await repository.update(id, input);
        if (!post) throw new HttpError(404, errorCodes.notFound, `There is no post with id ${id}.`);
        await noteChange({ post });
        return post;
      } catch (error) {
        if (isUniqueViolation(error)) throw duplicatePostTitle();
        throw error;
      }
    },

    async delete(id: number): Promise<void> {
      if (!(await repository.delete(id))) {
        throw new HttpError(404, errorCodes.notFound, `There is no post with id ${id}.`);
      }
      await noteChange({ removedId: id });
    },

    /** Writes inside an import transaction; the index is rebuilt once the import commits. */
    async upsertInTransaction(
      tx: Transaction<DatabaseSchema>,
      input: PostInput,
    ): Promise<'created' | 'updated'> {
      const existingId = input.id ?? (await repository.findIdByTitle(input.title, tx));
      if (existingId !== undefined && (await repository.get(existingId, tx))) {
        await repository.update(existingId, input, tx);
        return 'updated';
      }
      await repository.insert(input, tx);
      return 'created';
    },
    /** Run at the end of an import transaction: ids, and the revision every index follows. */
    async finishImport(tx: Transaction<DatabaseSchema>) {
      await repository.syncIdSequence(tx);
      await repository.bumpRevision(tx);
    },
  };
}
export type PostService = ReturnType<typeof createPostService>;
