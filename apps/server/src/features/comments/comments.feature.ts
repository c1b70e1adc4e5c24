import {
  deleteComment,
  listAdminComments,
  listComments,
  saveComment,
  setCommentHidden,
} from '@hurryup/contracts/comment';
import {
  commentMessages,
  commentsPerDay,
  commentsPerMinute,
  commentsTotalHeader,
  decodeImageUrl,
} from '@hurryup/contracts/comment-rules';
import { commentsKind } from '@hurryup/contracts/content-kinds';
import type { CommentsPageData } from '@hurryup/web/features/comments/page-data';
import { tablesOf } from '../../db/tables-of.ts';
import { clientKey } from '../../shared/admin-auth.ts';
import { defineFeature } from '../../shared/feature.ts';
import { registerCall } from '../../shared/register-call.ts';
import { commentMigrations } from './comments.migrations.ts';
import { createCommentRepository } from './comments.repository.ts';
import { createCommentService } from './comments.service.ts';
import type { CommentTables } from './comments.tables.ts';

/**
 * Anonymous comments on the site's images (gallery and DevBit, found through the site registry):
 * `/api/comments`, `/api/saveComment`, the operator's queue (list / hide / unhide / delete), the image page's
 * data, and what a visitor's report of a comment refers to (POST /api/reports, features/reports).
 */
export const commentsFeature = defineFeature({
  name: 'comments',
  migrations: commentMigrations,
  async plugin(app, { database, config, site, clock, limits }) {
    const comments = createCommentService(createCommentRepository(tablesOf<CommentTables>(database.db)), {
      clock,
      limits: {
        perMinute: limits.define({
          name: 'comments.per-minute',
          description: 'Comments saved per minute per visitor (client address; IPv6 per /64)',
          max: commentsPerMinute,
          windowMs: 60_000,
          message: () => commentMessages.perMinute,
        }),
        perDay: limits.define({
          name: 'comments.per-day',
          description: 'Comments saved per day per visitor (client address; IPv6 per /64)',
          max: commentsPerDay,
          windowMs: 24 * 60 * 60_000,
          message: () => commentMessages.perDay,
        }),
      },
      isKnownImage: async (url) => (await site.knownImage(url)) !== undefined,
      // The one place comment writes are announced: that image's page and answers only are rendered anew.
      onChange: (imageUrl) => site.contentChanged([commentsKind(imageUrl)], { pictures: false }),
      imagePagePath: async (url) => (await site.knownImage(url))?.pagePath,
      reportCounts: (ids) => site.reportCounts('comment', ids),
    });
    site.addReportable('comment', { find: (key) => comments.reportable(key) });

    registerCall(
      app,
      listComments,
      async ({ query }, _request, reply) => {
        const page = await comments.list(query.imageUrl, query.before);
        // Kept with the answer by the answer cache, like the body.
        reply.header(commentsTotalHeader, String(page.total));
        return page.comments;
      },
      {
        cache: { shows: (query) => [commentsKind(decodeImageUrl(query.imageUrl) ?? query.imageUrl)] },
      },
    );
    registerCall(app, saveComment, ({ body }, request) => comments.save(body, clientKey(request.ip)));

    // Behind the one admin gate (token and admin rate limits); absent while ADMIN_TOKEN is unset.
    if (config.adminToken) {
      await app.register(async (admin) => {
        admin.adminGate.guard(admin);
        registerCall(admin, listAdminComments, ({ query }) => comments.listAll(query));
        registerCall(admin, setCommentHidden, async ({ params, body }, request) => {
          const comment = await comments.setHidden(params.id, body.hidden);
          await app.adminActivity.record(request, {
            kind: 'comments',
            itemId: params.id,
            item: `Comment ${params.id}`,
            action: body.hidden ? 'hide' : 'unhide',
          });
          return comment;
        });
        registerCall(admin, deleteComment, async ({ params }, request) => {
          await comments.delete(params.id);
          await app.adminActivity.record(request, {
            kind: 'comments',
            itemId: params.id,
            item: `Comment ${params.id}`,
            action: 'delete',
          });
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
