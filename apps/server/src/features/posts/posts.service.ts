import type { Post, PostInput, PostSearchHit } from '@hurryup/contracts/post';
import type { Kysely } from 'kysely';
import type { AppState } from '../../db/app-state.ts';
import { tablesOf } from '../../db/tables-of.ts';
import { type Clock, systemClock } from '../../shared/clock.ts';
import type { Visibility } from '../../shared/publishing.ts';
import type { ImportProblem, Located } from '../../shared/site-registry.ts';
import { notFoundById, uniqueTitleGuard } from '../../shared/unique-key.ts';
import type { PostRepository } from './posts.repository.ts';
import type { PostTables } from './posts.tables.ts';
import { PostSearchIndex } from './posts-search-index.ts';

// Another server process may change posts; its changes reach this process's index within this time.
const revisionCheckIntervalMs = 10_000;
/** Bumped by every change to posts, in any process; search indexes compare it to know when to rebuild. */
const revisionKey = 'posts_revision';

// biome-ignore lint/suspicious/noExplicitAny: an import's transaction, whatever tables it spans
type Tx = Kysely<any>;

export function createPostService(
  repository: PostRepository,
  appState: AppState,
  options: {
    revisionCheckIntervalMs?: number;
    /**
     * The site's clock: another process's changes are looked for once per interval on it, and a scheduled
     * post is public from its time on it.
     */
    clock?: Pick<Clock, 'now'>;
  } = {},
) {
  const checkEvery = options.revisionCheckIntervalMs ?? revisionCheckIntervalMs;
  const clock = options.clock ?? systemClock;
  const withUniqueTitle = uniqueTitleGuard('post', (title) => repository.findIdByTitle(title));
  const index = new PostSearchIndex();
  // The posts revision the index reflects; undefined until the first build or after a missed change.
  let indexedRevision: number | undefined;
  let lastRevisionCheck = 0;
  let rebuilding: Promise<void> | undefined;
  // The time the index must be rebuilt by itself: the first scheduled post's publish time after the build.
  let indexedUntil = Number.POSITIVE_INFINITY;
  const nowIso = () => new Date(clock.now()).toISOString();
  const publicNow = (): Visibility => ({ publicAt: nowIso() });

  /** Rebuilds from the database; searches arriving meanwhile wait for the same rebuild. */
  function rebuildIndex(): Promise<void> {
    rebuilding ??= (async () => {
      try {
        const revision = await appState.counter(revisionKey);
        const now = nowIso();
        const [fields, next] = await Promise.all([
          repository.listSearchFields({ publicAt: now }),
          repository.nextPublishTime(now),
        ]);
        index.replaceAll(fields);
        indexedUntil = next ?? Number.POSITIVE_INFINITY;
        indexedRevision = revision;
        lastRevisionCheck = clock.now();
      } finally {
        rebuilding = undefined;
      }
    })();
    return rebuilding;
  }

  async function refreshIndexIfStale() {
    if (indexedRevision === undefined || clock.now() >= indexedUntil) return rebuildIndex();
    if (clock.now() - lastRevisionCheck < checkEvery) return;
    lastRevisionCheck = clock.now();
    if ((await appState.counter(revisionKey)) !== indexedRevision) await rebuildIndex();
  }

  /** Applies this process's own change to the index; a change from elsewhere in between forces a rebuild. */
  async function noteChange(change: { post?: Post; removedId?: number }) {
    // The write itself has succeeded; if the bookkeeping fails, rebuild at the next search instead.
    const revision = await appState.increment(revisionKey).catch(() => undefined);
    if (revision !== undefined && indexedRevision !== undefined && revision === indexedRevision + 1) {
      // Only a public post is searchable; a draft or scheduled one leaves the index (and comes back by a
      // rebuild when its time comes).
      if (change.post && isPublicNow(change.post)) index.upsert(change.post);
      else if (change.post) index.remove(change.post.id);
      if (change.post?.publishAt !== undefined && !change.post.draft) {
        const at = Date.parse(change.post.publishAt);
        if (at > clock.now() && at < indexedUntil) indexedUntil = at;
      }
      if (change.removedId !== undefined) index.remove(change.removedId);
      indexedRevision = revision;
    } else {
      indexedRevision = undefined;
    }
  }

  function isPublicNow(post: Post) {
    return !post.draft && (post.publishAt === undefined || Date.parse(post.publishAt) <= clock.now());
  }

  return {
    rebuildIndex,
    /** The next search rebuilds the index first (after an import, which writes in its own transaction). */
    invalidateIndex() {
      indexedRevision = undefined;
    },
    /**
     * The next search compares the posts revision at once instead of within 10 s (when the site's content
     * revision moved, so that a page rendered for the new revision never shows the old search results).
     */
    recheckRevision() {
      lastRevisionCheck = 0;
    },
    /** Published posts, newest first (what visitors see at the clock's time). */
    list: (page?: { limit: number; offset: number }) => repository.list(publicNow(), page),
    count: () => repository.count(publicNow()),
    get: (id: number) => repository.get(id, publicNow()),
    getByTitle: (title: string) => repository.getByTitle(title, publicNow()),
    /** Every post, drafts and scheduled ones included (the admin calls). */
    listAll: (page: { limit: number; offset: number } | undefined, titleHas?: string) =>
      repository.list('all', page, titleHas),
    countAll: (titleHas?: string) => repository.count('all', titleHas),
    getAny: (id: number) => repository.get(id, 'all'),
    /** When the public posts change next by themselves (a scheduled post's time), in ms. */
    nextPublishTime: () => repository.nextPublishTime(nowIso()),

    async search(query: string, limit?: number): Promise<PostSearchHit[]> {
      await refreshIndexIfStale();
      return index.search(query, limit);
    },

    create: (input: PostInput): Promise<Post> =>
      withUniqueTitle(input.title, undefined, async () => {
        const post = await repository.insert({ ...input, id: undefined });
        await noteChange({ post });
        return post;
      }),

    update: (id: number, input: PostInput): Promise<Post> =>
      withUniqueTitle(input.title, id, async () => {
        const post = await repository.update(id, input);
        if (!post) throw notFoundById('post', id);
        await noteChange({ post });
        return post;
      }),

    async delete(id: number): Promise<void> {
      if (!(await repository.delete(id))) throw notFoundById('post', id);
      await noteChange({ removedId: id });
    },

    /**
     * Before an import writes: which stored post each file post lands on, so that two file posts never land
     * on the same one and a post keeping its id never takes the title of another stored post.
     */
    async checkImport(tx: Tx, posts: Located<PostInput>[]): Promise<ImportProblem[]> {
      const problems: ImportProblem[] = [];
      const targets = new Map<number, string>();
      for (const { file, value } of posts) {
        const owner = await repository.findIdByTitle(value.title, tablesOf<PostTables>(tx));
        if (value.id !== undefined && owner !== undefined && owner !== value.id) {
          problems.push({ file, field: 'title', message: `is already the title of post ${owner}` });
          continue;
        }
        const target = value.id ?? owner;
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
      return problems;
    },

    /** Writes inside an import transaction (posts keep ids given in files); the index follows after commit. */
    async upsertInTransaction(tx: Tx, input: PostInput): Promise<'created' | 'updated'> {
      const db = tablesOf<PostTables>(tx);
      const existingId = input.id ?? (await repository.findIdByTitle(input.title, db));
      if (existingId !== undefined && (await repository.get(existingId, 'all', db))) {
        await repository.update(existingId, input, db);
        return 'updated';
      }
      await repository.insert(input, db);
      return 'created';
    },
    /** Run at the end of an import transaction: ids, and the revision every index follows. */
    async finishImport(tx: Tx) {
      await repository.syncIdSequence(tablesOf<PostTables>(tx));
      await appState.increment(revisionKey, tablesOf(tx));
    },
  };
}
export type PostService = ReturnType<typeof createPostService>;
