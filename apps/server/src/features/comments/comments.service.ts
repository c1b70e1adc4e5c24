import type { AdminComment, Comment, SaveCommentBody } from '@hurryup/contracts/comment';
import {
  cleanComment,
  commentErrorCodes,
  commentLengthOk,
  commentMessages,
  commentMinElapsedMs,
  commentsPerDay,
  commentsPerMinute,
  decodeImageUrl,
  hasLink,
} from '@hurryup/contracts/comment-rules';
import { errorCodes } from '@hurryup/contracts/errors';
import { HttpError } from '../../shared/http-error.ts';
import { notFoundById } from '../../shared/unique-key.ts';
import type { CommentRepository } from './comments.repository.ts';
import { KeyedQueue, VisitorLimits } from './visitor-limits.ts';

/** A 429 that also says when to try again (the Retry-After header). */
export class CommentRateLimitError extends HttpError {
  readonly retryAfterSeconds: number;
  constructor(message: string, retryAfterSeconds: number) {
    super(429, errorCodes.rateLimited, message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

const duplicateWindowMs = 60_000;
const invalid = (field: string, message: string, code: string = errorCodes.validation) =>
  new HttpError(400, code, message, { [field]: message });

export interface CommentServiceOptions {
  /** Whether the site shows this image on a page of its own (gallery or DevBit): only those take comments. */
  isKnownImage(url: string): Promise<boolean>;
  /** Called after every change, so cached pages that show comments are fresh at once. */
  onChange(): Promise<void>;
}

/**
 * Anonymous comments on images (content-and-shell.md section 5) with the anti-spam rules of issue 11:
 * a honeypot field, a minimum time on the page, per-visitor limits, a link cap and no duplicate within a
 * minute. Checks that need no lock run first; the limit and duplicate checks and the write run one at a
 * time per visitor and per text, so concurrent requests cannot slip past them.
 */
export function createCommentService(repository: CommentRepository, options: CommentServiceOptions) {
  const limits = new VisitorLimits({ perMinute: commentsPerMinute, perDay: commentsPerDay });
  const perVisitor = new KeyedQueue();
  const perText = new KeyedQueue();

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

  return {
    async list(rawUrl: string): Promise<Comment[]> {
      return repository.listVisible(await imageOf(rawUrl));
    },
    /** For the image page, whose image is already known. */
    listFor: (url: string) => repository.listVisible(url),

    async save(body: SaveCommentBody, visitor: string): Promise<Comment> {
      if (body.website !== undefined && body.website.trim() !== '') {
        throw invalid('website', commentMessages.honeypot, commentErrorCodes.spam);
      }
      if (body.elapsedMs < commentMinElapsedMs) {
        throw invalid('elapsedMs', commentMessages.tooFast, commentErrorCodes.tooFast);
      }
      const comment = cleanComment(body.comment);
      if (!commentLengthOk(comment)) throw invalid('comment', commentMessages.length);
      if (hasLink(comment)) throw invalid('comment', commentMessages.link);
      const imageUrl = await imageOf(body.imageUrl);

      return perVisitor.run(visitor, async () => {
        const over = limits.check(visitor);
        if (over) {
          throw new CommentRateLimitError(
            over.limit === 'day' ? commentMessages.perDay : commentMessages.perMinute,
            over.retryAfterSeconds,
          );
        }
        const saved = await perText.run(`${imageUrl}\n${comment}`, async () => {
          const since = new Date(Date.now() - duplicateWindowMs).toISOString();
          if (await repository.existsSince(imageUrl, comment, since)) {
            throw new HttpError(409, commentErrorCodes.duplicate, commentMessages.duplicate, {
              comment: commentMessages.duplicate,
            });
          }
          return repository.insert(imageUrl, comment, new Date().toISOString());
        });
        limits.record(visitor);
        await options.onChange();
        return saved;
      });
    },

    listAll: (query: { imageUrl?: string | undefined; limit: number; offset: number }) =>
      repository.listAll(query),

    async setHidden(id: number, hidden: boolean): Promise<AdminComment> {
      const comment = await repository.setHidden(id, hidden);
      if (!comment) throw notFoundById('comment', id);
      await options.onChange();
      return comment;
    },

    async delete(id: number): Promise<void> {
      if (!(await repository.delete(id))) throw notFoundById('comment', id);
      await options.onChange();
    },
  };
}
export type CommentService = ReturnType<typeof createCommentService>;
