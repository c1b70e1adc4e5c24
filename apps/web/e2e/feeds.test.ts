// Feeds that readers find: every page points to /rss.xml, the feed parses in a real feed parser with
// working links and dates that match the newest content, and every sitemap URL answers with a lastmod.
import { postPath } from '@hurryup/contracts/post-slug';
import { describe, expect, inject, it } from 'vitest';
import { allBlogs, allPosts } from './api.ts';
import { checkFeed, checkSitemap, httpStatus, rssLinksIn, type StatusOf } from './feed-check.ts';
import { pagePaths } from './page-routes.ts';

const baseUrl = inject('baseUrl');
const siteName = 'Hurry Up';
const newest = 5;

interface ContentItem {
  title: string;
  link: string;
  date: string;
}

/** Every blog and post as the feed should show it, from the API. */
async function contentItems(): Promise<ContentItem[]> {
  const [posts, blogs] = await Promise.all([allPosts(), allBlogs()]);
  return [
    ...blogs.map((b) => ({ title: b.title, link: `${baseUrl}/blog?entry=${b.id}`, date: b.createdAt })),
    ...posts.map((p) => ({ title: p.title, link: `${baseUrl}${postPath(p.title)}`, date: p.createdAt })),
  ];
}

/** RSS dates have whole seconds. */
const seconds = (date: string | undefined) => Math.floor(Date.parse(date ?? '') / 1000);

describe('the RSS feed (/rss.xml)', () => {
  it('parses in a feed reader, with a channel link and newest items that answer 200', async () => {
    const res = await fetch(`${baseUrl}/rss.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/rss+xml');
    const { feed, problems } = await checkFeed(await res.text(), httpStatus, newest);
    expect(problems).toEqual([]);
    expect(feed.title).toBe(siteName);
    expect(feed.link?.startsWith(baseUrl)).toBe(true);
    expect(feed.items.length).toBeGreaterThanOrEqual(newest);
  });

  it('lists the newest blogs and posts first, with their titles, links and dates', async () => {
    // Other test files may add posts meanwhile: what existed before the feed was read, plus what it shows.
    const before = await contentItems();
    const { feed } = await checkFeed(await (await fetch(`${baseUrl}/rss.xml`)).text(), async () => 200);
    const after = await contentItems();
    const shown = new Set(feed.items.map((item) => item.link));
    const known = new Map([...before, ...after.filter((i) => shown.has(i.link))].map((i) => [i.link, i]));
    const expected = [...known.values()].sort((a, b) => seconds(b.date) - seconds(a.date)).slice(0, newest);

    const top = feed.items.slice(0, newest);
    // Items with the same date may come in either order, so compare the dates, then each item's own data.
    expect(top.map((item) => seconds(item.isoDate))).toEqual(expected.map((i) => seconds(i.date)));
    for (const item of top) {
      const source = known.get(item.link ?? '');
      expect(source, `${item.link} is a blog or post`).toBeDefined();
      expect(item.title).toBe(source!.title);
      expect(seconds(item.isoDate)).toBe(seconds(source!.date));
    }
  });

  it('finds a broken link, a missing title, a bad date and wrong order in a fabricated feed', async () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>Fake</title><link>https://example.in/</link><description>d</description>
  <item><title>Newest</title><link>https://example.in/post/Newest</link><pubDate>Sat, 01 Feb 2025 00:00:00 GMT</pubDate></item>
  <item><title>Broken</title><link>https://example.in/post/Gone</link><pubDate>Fri, 31 Jan 2025 00:00:00 GMT</pubDate></item>
  <item><title></title><link>https://example.in/post/Untitled</link><pubDate>not a date</pubDate></item>
  <item><title>Out of order</title><link>https://example.in/blog?entry=1</link><pubDate>Mon, 03 Feb 2025 00:00:00 GMT</pubDate></item>
</channel></rss>`;
    const statusOf: StatusOf = async (url) =>
      url.endsWith('/Gone') || url === 'https://example.in/' ? 404 : 200;
    const { problems } = await checkFeed(xml, statusOf);
    expect(problems).toEqual([
      'the channel link https://example.in/ answers 404',
      'item 2 (Broken) links to https://example.in/post/Gone, which answers 404',
      'item 3 (https://example.in/post/Untitled) has no title',
      'item 3 (https://example.in/post/Untitled) has no valid date: not a date',
      'item 4 (Out of order) is newer than the one before it',
    ]);
  });
});

describe('the feed link on every page', () => {
  it('every page names /rss.xml as its RSS alternate, titled with the site name', async () => {
    const paths = await pagePaths();
    const missing: string[] = [];
    for (const path of paths) {
      const links = rssLinksIn(await (await fetch(`${baseUrl}${path}`)).text());
      if (links.length !== 1 || links[0]!.href !== '/rss.xml' || links[0]!.title !== siteName) {
        missing.push(`${path}: ${JSON.stringify(links)}`);
      }
    }
    expect(missing).toEqual([]);
    expect(paths.length).toBeGreaterThan(5);
  });

  it('reads the alternate link out of a page head', () => {
    expect(
      rssLinksIn(
        '<html><head><link rel="stylesheet" href="/a.css"/><link rel="alternate" type="application/rss+xml" title="A &amp; B" href="/rss.xml"/></head><body><link rel="alternate" type="application/rss+xml" href="/no.xml"/></body></html>',
      ),
    ).toEqual([{ href: '/rss.xml', title: 'A & B' }]);
  });
});

describe('the sitemap (/sitemap.xml)', () => {
  it('lists URLs that all answer 200, each with a lastmod', async () => {
    const res = await fetch(`${baseUrl}/sitemap.xml`);
    expect(res.status).toBe(200);
    const { urls, problems } = await checkSitemap(await res.text(), httpStatus);
    expect(problems).toEqual([]);
    expect(urls.map((u) => u.loc)).toEqual(
      expect.arrayContaining([`${baseUrl}/blog`, `${baseUrl}/userforum`]),
    );
  });

  it('finds a URL that does not answer and one without a lastmod in a fabricated sitemap', async () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url><loc>https://example.in/blog?entry=1&amp;x=2</loc><lastmod>2025-01-05</lastmod></url>
  <url><loc>https://example.in/post/Gone</loc><lastmod>2025-01-06</lastmod></url>
  <url><loc>https://example.in/disclaimer</loc></url>
  <url><loc>https://example.in/aboutus</loc><lastmod>yesterday</lastmod></url>
</urlset>`;
    const asked: string[] = [];
    const statusOf: StatusOf = async (url) => {
      asked.push(url);
      return url.endsWith('/Gone') ? 404 : 200;
    };
    const { problems } = await checkSitemap(xml, statusOf);
    expect(asked).toContain('https://example.in/blog?entry=1&x=2');
    expect(problems).toEqual([
      'https://example.in/post/Gone answers 404',
      'https://example.in/disclaimer has no <lastmod>',
      'https://example.in/aboutus has an invalid <lastmod>: yesterday',
    ]);
  });
});
