import {
  deleteComment,
  listAdminComments,
  listComments,
  saveComment,
  setCommentHidden,
} from '@hurryup/contracts/comment';
import type { CommentsPageData } from '@hurryup/web/features/comments/page-data';
import { tablesOf } from '../../db/tables-of.ts';
import { requireAdminToken } from '../../shared/admin-auth.ts';
import { defineFeature } from '../../shared/feature.ts';
import { registerCall } from '../../shared/register-call.ts';
import { commentMigrations } from './comments.migrations.ts';
import { createCommentRepository } from './comments.repository.ts';
import { CommentRateLimitError, createCommentService } from './comments.service.ts';
import type { CommentTables } from './comments.tables.ts';

// Few legitimate calls, and a guessed token should not get many tries (as the other admin calls).
const adminRateLimit = { rateLimit: { max: 60, timeWindow: '1 minute' } };

/**
 * Anonymous comments on the site's images (gallery and DevBit, found through the site registry):
 * `/api/comments`, `/api/saveComment`, the operator's list / hide / delete, and the image page's data.
 */
export const commentsFeature = defineFeature({
  name: 'comments',
  migrations: commentMigrations,
  async plugin(app, { database, config, site }) {
    const comments = createCommentService(createCommentRepository(tablesOf<CommentTables>(database.db)), {
      isKnownImage: async (url) => (await site.knownImage(url)) !== undefined,
      // The one place comment writes are announced: a page cache drops the image page at once.
      onChange: () => site.contentChanged({ pictures: false }),
    });

    registerCall(app, listComments, ({ query }) => comments.list(query.imageUrl));
    registerCall(app, saveComment, async ({ body }, request, reply) => {
      try {
        return await comments.save(body, request.ip);
      } catch (error) {
        if (error instanceof CommentRateLimitError)
          reply.header('retry-after', String(error.retryAfterSeconds));
        throw error;
      }
    });

    if (config.adminToken) {
      const adminToken = config.adminToken;
      await app.register(async (admin) => {
        requireAdminToken(admin, adminToken);
        const options = { config: adminRateLimit };
        registerCall(admin, listAdminComments, ({ query }) => comments.listAll(query), options);
        registerCall(
          admin,
          setCommentHidden,
          ({ params, body }) => comments.setHidden(params.id, body.hidden),
          options,
        );
        registerCall(
          admin,
          deleteComment,
          async ({ params }) => {
            await comments.delete(params.id);
            return null;
          },
          options,
        );
      });
    }

    site.providePageData('comments', {
      image: (url) => site.knownImage(url),
      list: (url) => comments.listFor(url),
    } satisfies CommentsPageData);
  },
});
