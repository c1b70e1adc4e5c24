import { postPath } from '@hurryup/contracts/post-slug';
import { postSummary } from '@hurryup/contracts/post-text';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../app/services.ts';
import { escapeXml } from './xml.ts';

const feedSize = 30;

/** `/sitemap.xml`, `/robots.txt` and `/rss.xml` for search engines and feed readers. */
export function registerFeedRoutes(
  app: FastifyInstance,
  services: Services,
  options: { staticPagePaths: string[] },
) {
  const base = app.config.publicBaseUrl;
  const hide = { schema: { hide: true } };

  app.get('/robots.txt', hide, async (_request, reply) => {
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600');
    return ['User-agent: *', 'Allow: /', 'Disallow: /api/', '', `Sitemap: ${base}/sitemap.xml`, ''].join(
      '\n',
    );
  });

  app.get('/sitemap.xml', hide, async (_request, reply) => {
    const [blogs, posts] = await Promise.all([services.blogs.list(), services.posts.list()]);
    const entries: { loc: string; lastmod?: string }[] = [
      ...options.staticPagePaths.map((p) => ({ loc: `${base}${p}` })),
      ...blogs.map((b) => ({ loc: `${base}/blog?entry=${b.id}`, lastmod: b.createdAt })),
      ...posts.map((p) => ({ loc: `${base}${postPath(p.title)}`, lastmod: p.createdAt })),
    ];
    const urls = entries
      .map(
        (e) =>
          `  <url><loc>${escapeXml(e.loc)}</loc>${e.lastmod ? `<lastmod>${e.lastmod.slice(0, 10)}</lastmod>` : ''}</url>`,
      )
      .join('\n');
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=600');
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  });

  app.get('/rss.xml', hide, async (_request, reply) => {
    const [blogs, posts] = await Promise.all([
      services.blogs.list(),
      services.posts.list({ limit: feedSize, offset: 0 }),
    ]);
    const items = [
      ...blogs.map((b) => ({
        title: b.title,
        link: `${base}/blog?entry=${b.id}`,
        date: b.createdAt,
        description: b.content.replace(/\s+/g, ' ').slice(0, 300),
        author: b.author,
      })),
      ...posts.map((p) => ({
        title: p.title,
        link: `${base}${postPath(p.title)}`,
        date: p.createdAt,
        description: postSummary(p, 300),
        author: p.author ?? 'Anonymous',
      })),
    ]
      .sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0))
      .slice(0, feedSize);
    const site = app.config.siteName;
    const xmlItems = items
      .map(
        (i) =>
          `    <item>\n      <title>${escapeXml(i.title)}</title>\n      <link>${escapeXml(i.link)}</link>\n` +
          `      <guid isPermaLink="true">${escapeXml(i.link)}</guid>\n      <pubDate>${new Date(i.date).toUTCString()}</pubDate>\n` +
          `      <dc:creator>${escapeXml(i.author)}</dc:creator>\n      <description>${escapeXml(i.description)}</description>\n    </item>`,
      )
      .join('\n');
    reply.type('application/rss+xml; charset=utf-8').header('cache-control', 'public, max-age=600');
    return (
      `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">\n` +
      `  <channel>\n    <title>${escapeXml(site)}</title>\n    <link>${escapeXml(base)}/</link>\n` +
      `    <description>${escapeXml(`Newest blogs and forum posts from ${site}`)}</description>\n    <language>en-IN</language>\n` +
      `    <atom:link href="${escapeXml(`${base}/rss.xml`)}" rel="self" type="application/rss+xml"/>\n${xmlItems}\n  </channel>\n</rss>\n`
    );
  });
}
