import { blogAdminCalls, blogInputSchema, getBlogForAdmin, listBlogs } from '@hurryup/contracts/blog';
import { collapseWhitespace } from '@hurryup/contracts/post-slug';
import type { BlogPageData } from '@hurryup/web/features/blogs/page-data';
import { tablesOf } from '../../db/tables-of.ts';
import { registerAdminCalls, registerAdminCrud } from '../../shared/admin-crud.ts';
import { defineFeature } from '../../shared/feature.ts';
import { publishedOn } from '../../shared/publishing.ts';
import { registerCall } from '../../shared/register-call.ts';
import { notFoundById } from '../../shared/unique-key.ts';
import { blogSummary, blogView } from './blog-views.ts';
import { blogMigrations } from './blogs.migrations.ts';
import { createBlogRepository } from './blogs.repository.ts';
import { createBlogService } from './blogs.service.ts';
import type { BlogTables } from './blogs.tables.ts';

/** The blog: `/api/blogs`, the admin calls, the blog page's data, its sitemap and feed entries, `blogs/` files. */
export const blogsFeature = defineFeature({
  name: 'blogs',
  migrations: blogMigrations,
  async plugin(app, { database, config, site, clock }) {
    const blogs = createBlogService(createBlogRepository(tablesOf<BlogTables>(database.db)), clock);

    registerCall(app, listBlogs, () => blogs.list(), { cache: { shows: ['blogs'] } });
    await registerAdminCrud(
      app,
      config.adminToken,
      blogAdminCalls,
      // The console's list: drafts and scheduled blogs too.
      { ...blogs, list: () => blogs.listAll(undefined) },
      'blogs',
    );
    await registerAdminCalls(app, config.adminToken, (admin) => {
      registerCall(
        admin,
        getBlogForAdmin,
        async ({ params }) =>
          (await blogs.getAny(params.id)) ?? Promise.reject(notFoundById('blog', params.id)),
      );
    });
    // A scheduled blog appears by itself at its time: every cached page or answer showing blogs expires then.
    site.contentRevision.addSchedule('blogs', () => blogs.nextPublishTime());

    site.providePageData('blogs', {
      list: async () => (await blogs.list()).map(blogView),
    } satisfies BlogPageData);
    const entryPath = (id: number) => `/blog?entry=${id}`;
    site.addSitemapSource(async () =>
      (await blogs.list()).map((b) => ({ path: entryPath(b.id), lastmod: publishedOn(b) })),
    );
    site.addFeedSource(async (limit) =>
      (await blogs.list())
        .sort((a, b) => (publishedOn(a) < publishedOn(b) ? 1 : -1))
        .slice(0, limit)
        .map((b) => ({
          title: b.title,
          path: entryPath(b.id),
          date: publishedOn(b),
          description: blogSummary(b, 300),
          author: b.author,
        })),
    );
    site.addContentKind({
      path: 'blogs',
      schema: blogInputSchema,
      uniqueKeys: [{ field: 'title', keyOf: (b) => collapseWhitespace(b.title) }],
      upsert: (tx, blog) => blogs.upsertInTransaction(tablesOf<BlogTables>(tx), blog),
      isEmpty: async () => (await blogs.countAll()) === 0,
      revisionKind: 'blogs',
    });
  },
});
