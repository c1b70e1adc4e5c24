import { errorBodySchema, errorCodes } from '@hurryup/contracts/errors';
import {
  postInputSchema,
  postListSchema,
  postSchema,
  postSearchQuerySchema,
  postSearchResultSchema,
  postsQuerySchema,
} from '@hurryup/contracts/post';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { registerAdminCrud } from '../../shared/admin-crud.ts';
import { HttpError } from '../../shared/http-error.ts';
import type { PostService } from './post.service.ts';

const noSuchPost = () => new HttpError(404, errorCodes.notFound, 'No post data found.');

export function registerPostRoutes(app: FastifyInstance, posts: PostService) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/posts',
    {
      schema: {
        summary: 'All posts, newest (highest id) first; or one post by postId or by title',
        description:
          'Without postId/title the answer is a list (limit/offset page through it; X-Total-Count gives the total). ' +
          'With postId or title (URL-encoded, whitespace runs count as one space) the answer is one post.',
        tags: ['content'],
        querystring: postsQuerySchema,
        response: { 200: z.union([postSchema, postListSchema]), 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { postId, title, limit, offset } = request.query;
      if (postId !== undefined && title !== undefined) {
        throw new HttpError(400, errorCodes.validation, 'Give postId or title, not both.', {
          postId: 'Give postId or title, not both.',
        });
      }
      if (postId !== undefined) return (await posts.get(postId)) ?? Promise.reject(noSuchPost());
      if (title !== undefined) {
        if (title.trim() === '') {
          throw new HttpError(400, errorCodes.validation, 'Invalid post ID', {
            title: 'The title is empty.',
          });
        }
        return (await posts.getByTitle(title)) ?? Promise.reject(noSuchPost());
      }
      const [list, total] = await Promise.all([
        posts.list(
          limit !== undefined || offset !== undefined
            ? { limit: limit ?? 100, offset: offset ?? 0 }
            : undefined,
        ),
        posts.count(),
      ]);
      reply.header('x-total-count', String(total));
      return list;
    },
  );

  api.get(
    '/api/posts/search',
    {
      schema: {
        summary:
          'Search post titles (weighted 10×) and descriptions; fewer than 3 characters give an empty list',
        tags: ['content'],
        querystring: postSearchQuerySchema,
        response: { 200: postSearchResultSchema, 400: errorBodySchema },
      },
    },
    (request) => posts.search(request.query.q, request.query.limit),
  );
}

export function registerPostAdminRoutes(app: FastifyInstance, posts: PostService) {
  return registerAdminCrud(app, {
    plural: 'posts',
    noun: 'post',
    input: postInputSchema,
    output: postSchema,
    // Ids come from the database here; only imports may set them.
    service: {
      ...posts,
      create: (input) => posts.create({ ...input, id: undefined }),
      update: (id, input) => posts.update(id, { ...input, id: undefined }),
    },
  });
}
