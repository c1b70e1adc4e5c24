import { createHash } from 'node:crypto';
import type {
  AdminComment,
  AdminCommentListItem,
  Comment,
  CommentPage,
  SaveCommentBody,
} from '@hurryup/contracts/comment';
import {
  cleanComment,
  commentErrorCodes,
  commentLengthOk,
  commentMessages,
  commentsPageSize,
  decodeImageUrl,
  hasLink,
} from '@hurryup/contracts/comment-rules';
import { errorCodes } from '@hurryup/contracts/errors';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import type { Clock } from '../../shared/clock.ts';
import { HttpError } from '../../shared/http-error.ts';
import { type Limit, RateLimitedError } from '../../shared/limits.ts';
import { notFoundById } from '../../shared/unique-key.ts';
import type { CommentRepository } from './comments.repository.ts';

const duplicateWindowMs = 60_000;
const invalid = (field: string, message: string, code: string = errorCodes.validation) =>
  new HttpError(400, code, message, { [field]: message });

export interface CommentServiceOptions {
  clock: Clock;
  /** The per-visitor limits (`comments.per-minute`, `comments.per-day`), counted for saves that succeed. */
  limits: { perMinute: Limit; perDay: Limit };
  /** Whether the site shows this image on a page of its own (gallery or DevBit): only those take comments. */
  isKnownImage(url: string): Promise<boolean>;
  /** Called after every change of an image's comments, so cached pages that show them are fresh at once. */
  onChange(imageUrl: string): Promise<void>;
  /** The page that shows this image (gallery or DevBit); undefined when the site no longer shows it. */
  imagePagePath(url: string): Promise<string | undefined>;
  /** Visitors' reports of these comments (the reports feature, through the site registry). */
  reportCounts(ids: readonly string[]): Promise<Map<string, number>>;
}

/**
 * Anonymous comments on images (content-and-shell.md section 5) with the anti-spam rules the server
 * enforces itself: a honeypot field, per-visitor limits, a link cap and no duplicate within a minute. Checks that need nothing stored run first. The limits are taken atomically in their store
 * (shared by every process with Redis) before the write and given back when the save fails; a duplicate
 * is refused by the check within a sliding minute and, for saves racing each other in several processes,
 * by the database's unique key on image, text and minute.
 */
export function createCommentService(repository: CommentRepository, options: CommentServiceOptions) {
  const { clock, limits } = options;
  const duplicate = () =>
    new HttpError(409, commentErrorCodes.duplicate, commentMessages.duplicate, {
      comment: commentMessages.duplicate,
    });

  async function imageOf(rawUrl: string): Promise<string> {
    if (rawUrl === '') throw invalid('imageUrl', commentMessages.imageMissing);
    const url = decodeImageUrl(rawUrl);
    if (url === null) throw invalid('imageUrl', commentMessages.imageInvalid);
    if (!(await options.isKnownImage(url))) {
      throw new HttpError(404, errorCodes.notFound, commentMessages.imageUnknown, {
        imageUrl: commentMessages.imageUnknown,
      });
    }
    return url;
  }

  async function pageOf(imageUrl: string, before?: number): Promise<CommentPage> {
    const [comments, total] = await Promise.all([
      repository.pageVisible(imageUrl, { before, limit: commentsPageSize }),
      repository.countVisible(imageUrl),
    ]);
    return { comments, total };
  }

  return {
    /** The newest page of an image's comments (before the comment `before` when given), and their total. */
    async list(rawUrl: string, before?: number): Promise<CommentPage> {
      return pageOf(await imageOf(rawUrl), before);
    },
    /** For the image page, whose image is already known: its newest page. */
    listFor: (url: string) => pageOf(url),

    async save(body: SaveCommentBody, visitor: string): Promise<Comment> {
      if (body.website !== undefined && body.website.trim() !== '') {
        throw invalid('website', commentMessages.honeypot, commentErrorCodes.spam);
      }
      const comment = cleanComment(body.comment);
      if (!commentLengthOk(comment)) throw invalid('comment', commentMessages.length);
      if (hasLink(comment)) throw invalid('comment', commentMessages.link);
      const imageUrl = await imageOf(body.imageUrl);

      // Both windows are counted first (atomically), so concurrent saves cannot slip past a limit;
      // a save that then fails gives its counts back.
      const [day, minute] = await Promise.all([limits.perDay.take(visitor), limits.perMinute.take(visitor)]);
      const refund = () =>
        Promise.all([limits.perDay.refund(visitor), limits.perMinute.refund(visitor)]).then(() => undefined);
      if (!day.allowed || !minute.allowed) {
        await refund();
        const over = day.allowed ? minute : day;
        throw new RateLimitedError(
          day.allowed ? commentMessages.perMinute : commentMessages.perDay,
          over.retryAfterSeconds,
        );
      }
      try {
        const now = clock.now();
        if (await repository.existsSince(imageUrl, comment, new Date(now - duplicateWindowMs).toISOString()))
          throw duplicate();
        const dedupeKey = createHash('sha256')
          .update(`${imageUrl}\n${comment}\n${Math.floor(now / duplicateWindowMs)}`)
          .digest('base64url');
        const saved = await repository
          .insert(imageUrl, comment, new Date(now).toISOString(), dedupeKey)
          .catch((error: unknown) => {
            throw isUniqueViolation(error) ? duplicate() : error;
          });
        await options.onChange(imageUrl);
        return saved;
      } catch (error) {
        await refund();
        throw error;
      }
    },

    /** The operator's queue: newest first, hidden ones too, with each one's image page and reports. */
    async listAll(query: {
      imageUrl?: string | undefined;
      shown?: 'all' | 'visible' | 'hidden' | undefined;
      limit: number;
      offset: number;
    }): Promise<AdminCommentListItem[]> {
      const comments = await repository.listAll(query);
      const pages = new Map<string, string | undefined>();
      for (const url of new Set(comments.map((comment) => comment.imageUrl)))
        pages.set(url, await options.imagePagePath(url));
      const reports = await options.reportCounts(comments.map((comment) => String(comment.id)));
      return comments.map((comment) => ({
        ...comment,
        imagePagePath: pages.get(comment.imageUrl) ?? null,
        reports: reports.get(String(comment.id)) ?? 0,
      }));
    },
    /** A comment as a visitor's report refers to it; undefined when there is none. */
    async reportable(key: string) {
      const id = /^[1-9][0-9]{0,9}$/.test(key) ? Number(key) : undefined;
      const comment = id === undefined ? undefined : await repository.find(id);
      if (!comment) return undefined;
      return {
        text: comment.comment,
        path: (await options.imagePagePath(comment.imageUrl)) ?? comment.imageUrl,
        state: comment.hidden ? ('hidden' as const) : ('visible' as const),
      };
    },

    async setHidden(id: number, hidden: boolean): Promise<AdminComment> {
      const comment = await repository.setHidden(id, hidden);
      if (!comment) throw notFoundById('comment', id);
      await options.onChange(comment.imageUrl);
      return comment;
    },

    async delete(id: number): Promise<void> {
      const imageUrl = await repository.delete(id);
      if (imageUrl === undefined) throw notFoundById('comment', id);
      await options.onChange(imageUrl);
    },
  };
}
export type CommentService = ReturnType<typeof createCommentService>;
