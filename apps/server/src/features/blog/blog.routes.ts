import { blogInputSchema, blogListSchema, blogSchema } from '@hurryup/contracts/blog';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { registerAdminCrud } from '../../shared/admin-crud.ts';
import type { BlogService } from './blog.service.ts';

export function registerBlogRoutes(app: FastifyInstance, blogs: BlogService) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/blogs',
    {
      schema: {
        summary: 'All blogs: those with an order first (highest first), then the rest newest first',
        tags: ['content'],
        response: { 200: blogListSchema },
      },
    },
    () => blogs.list(),
  );
}

export function registerBlogAdminRoutes(app: FastifyInstance, blogs: BlogService) {
  return registerAdminCrud(app, {
    plural: 'blogs',
    noun: 'blog',
    input: blogInputSchema,
    output: blogSchema,
    service: blogs,
  });
}
