import {
  deleteComment,
  listAdminComments,
  listComments,
  saveComment,
  setCommentHidden,
} from '@hurryup/contracts/comment';
import type { CommentsPageData } from '@hurryup/web/features/comments/page-data';
import { tablesOf } from '../../db/tables-of.ts';
import { defineFeature } from '../../shared/feature.ts';
import { registerCall } from '../../shared/register-call.ts';
import { commentMigrations } from './comments.migrations.ts';
import { createCommentRepository } from './comments.repository.ts';
import { CommentRateLimitError, createCommentService } from './comments.service.ts';
import type { CommentTables } from './comments.tables.ts';

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

    // Behind the one admin gate (token and admin rate limits); absent while ADMIN_TOKEN is unset.
    if (config.adminToken) {
      await app.register(async (admin) => {
        admin.adminGate.guard(admin);
        registerCall(admin, listAdminComments, ({ query }) => comments.listAll(query));
        registerCall(admin, setCommentHidden, ({ params, body }) =>
          comments.setHidden(params.id, body.hidden),
        );
        registerCall(admin, deleteComment, async ({ params }) => {
          await comments.delete(params.id);
          return null;
        });
      });
    }

    site.providePageData('comments', {
      image: (url) => site.knownImage(url),
      list: (url) => comments.listFor(url),
    } satisfies CommentsPageData);
  },
});
