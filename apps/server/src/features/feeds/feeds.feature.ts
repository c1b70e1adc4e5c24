import { defineFeature } from '../../shared/feature.ts';
import { escapeXml } from './xml.ts';

const feedSize = 30;
const hide = { schema: { hide: true } };

/**
 * `/sitemap.xml`, `/robots.txt` and `/rss.xml` for search engines and feed readers, built from what every
 * feature contributes to the site registry (read at request time, so the order of features does not matter).
 */
export const feedsFeature = defineFeature({
  name: 'feeds',
  async plugin(app, { config, site }) {
    const base = config.publicBaseUrl;

    app.get('/robots.txt', hide, async (_request, reply) => {
      reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600');
      return ['User-agent: *', 'Allow: /', 'Disallow: /api/', '', `Sitemap: ${base}/sitemap.xml`, ''].join(
        '\n',
      );
    });

    app.get('/sitemap.xml', hide, async (_request, reply) => {
      const urls = (await site.sitemapEntries())
        .map(
          (e) =>
            `  <url><loc>${escapeXml(`${base}${e.path}`)}</loc><lastmod>${e.lastmod.slice(0, 10)}</lastmod></url>`,
        )
        .join('\n');
      reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=600');
      return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
    });

    app.get('/rss.xml', hide, async (_request, reply) => {
      const items = await site.feedItems(feedSize);
      const xmlItems = items
        .map((i) => {
          const link = escapeXml(`${base}${i.path}`);
          return (
            `    <item>\n      <title>${escapeXml(i.title)}</title>\n      <link>${link}</link>\n` +
            `      <guid isPermaLink="true">${link}</guid>\n      <pubDate>${new Date(i.date).toUTCString()}</pubDate>\n` +
            `      <dc:creator>${escapeXml(i.author)}</dc:creator>\n      <description>${escapeXml(i.description)}</description>\n    </item>`
          );
        })
        .join('\n');
      const name = config.siteName;
      reply.type('application/rss+xml; charset=utf-8').header('cache-control', 'public, max-age=600');
      // The channel links to the blog: the page every item's kind of content starts from.
      return (
        `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">\n` +
        `  <channel>\n    <title>${escapeXml(name)}</title>\n    <link>${escapeXml(base)}/blog</link>\n` +
        `    <description>${escapeXml(`Newest blogs and forum posts from ${name}`)}</description>\n    <language>en-IN</language>\n` +
        `    <atom:link href="${escapeXml(`${base}/rss.xml`)}" rel="self" type="application/rss+xml"/>\n${xmlItems}\n  </channel>\n</rss>\n`
      );
    });
  },
});
