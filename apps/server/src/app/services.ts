import type { Database } from '../db/database.ts';
import { createBlogRepository } from '../features/blog/blog.repository.ts';
import { createBlogService } from '../features/blog/blog.service.ts';
import { createPostRepository } from '../features/posts/post.repository.ts';
import { createPostService } from '../features/posts/post.service.ts';

/** Every feature service, wired to the database once per app instance. */
export function createServices(database: Database) {
  return {
    blogs: createBlogService(createBlogRepository(database.db)),
    posts: createPostService(createPostRepository(database.db, database.dialect)),
  };
}
export type Services = ReturnType<typeof createServices>;
