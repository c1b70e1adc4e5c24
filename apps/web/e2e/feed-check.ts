// What feed readers and search engines rely on, checked the way they read it: the RSS feed through a real
// feed parser (rss-parser) and the sitemap's URLs fetched one by one. Pure apart from `statusOf`, so the
// checks can be shown to fail on a fabricated broken feed (feeds.test.ts).
import Parser from 'rss-parser';

/** The HTTP status a URL answers with (redirects not followed). */
export type StatusOf = (url: string) => Promise<number>;

export const httpStatus: StatusOf = async (url) => {
  const res = await fetch(url, { redirect: 'manual' });
  await res.body?.cancel();
  return res.status;
};

export type Feed = Awaited<ReturnType<Parser['parseString']>>;

export interface FeedCheck {
  feed: Feed;
  problems: string[];
}

async function statuses(urls: string[], statusOf: StatusOf): Promise<Map<string, number>> {
  const unique = [...new Set(urls)];
  const result = new Map<string, number>();
  // A few at a time: the test server is one process.
  for (let i = 0; i < unique.length; i += 6) {
    const batch = unique.slice(i, i + 6);
    const answers = await Promise.all(batch.map((url) => statusOf(url).catch(() => 0)));
    batch.forEach((url, j) => {
      result.set(url, answers[j]!);
    });
  }
  return result;
}

const isAbsoluteHttp = (url: string | undefined) => !!url && /^https?:\/\/[^/]/.test(url);

/**
 * Parses an RSS document and checks the channel (title, a link that answers 200) and its `newest` first
 * items: a title, an absolute link that answers 200, a valid date, newest first (the whole feed).
 */
export async function checkFeed(xml: string, statusOf: StatusOf, newest = 5): Promise<FeedCheck> {
  const feed = await new Parser().parseString(xml);
  const problems: string[] = [];
  if (!feed.title?.trim()) problems.push('the channel has no title');
  if (!isAbsoluteHttp(feed.link)) problems.push(`the channel link is not an absolute URL: ${feed.link}`);
  if (feed.items.length === 0) problems.push('the feed has no items');

  const items = feed.items.slice(0, newest);
  const links = [feed.link, ...items.map((item) => item.link)].filter(isAbsoluteHttp) as string[];
  const answers = await statuses(links, statusOf);
  if (isAbsoluteHttp(feed.link) && answers.get(feed.link!) !== 200) {
    problems.push(`the channel link ${feed.link} answers ${answers.get(feed.link!)}`);
  }
  items.forEach((item, i) => {
    const name = `item ${i + 1} (${item.title?.trim() || item.link || 'untitled'})`;
    if (!item.title?.trim()) problems.push(`${name} has no title`);
    if (!isAbsoluteHttp(item.link)) problems.push(`${name} has no absolute link: ${item.link}`);
    else if (answers.get(item.link!) !== 200) {
      problems.push(`${name} links to ${item.link}, which answers ${answers.get(item.link!)}`);
    }
    if (!item.isoDate || Number.isNaN(Date.parse(item.isoDate))) {
      problems.push(`${name} has no valid date: ${item.pubDate}`);
    }
  });
  // Newest first, across the whole feed (items without a valid date are reported above, and skipped here).
  let previous = Number.POSITIVE_INFINITY;
  feed.items.forEach((item, i) => {
    const time = item.isoDate ? Date.parse(item.isoDate) : Number.NaN;
    if (Number.isNaN(time)) return;
    if (time > previous) problems.push(`item ${i + 1} (${item.title}) is newer than the one before it`);
    previous = time;
  });
  return { feed, problems };
}

export interface SitemapUrl {
  loc: string;
  lastmod?: string;
}

const decodeXml = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** W3C datetime, as sitemaps use: a date, or a date and time with a zone. */
const w3cDate = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/;

/** Checks that every `<url>` of a sitemap has a `<loc>` that answers 200 and a valid `<lastmod>`. */
export async function checkSitemap(
  xml: string,
  statusOf: StatusOf,
): Promise<{ urls: SitemapUrl[]; problems: string[] }> {
  const problems: string[] = [];
  if (!/<urlset\s[^>]*xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9"/.test(xml)) {
    problems.push('not a sitemap: no <urlset> in the sitemaps.org namespace');
  }
  const urls = [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map(([, body]) => {
    const loc = body!.match(/<loc>([\s\S]*?)<\/loc>/)?.[1];
    const lastmod = body!.match(/<lastmod>([\s\S]*?)<\/lastmod>/)?.[1];
    return {
      loc: loc ? decodeXml(loc.trim()) : '',
      ...(lastmod !== undefined && { lastmod: lastmod.trim() }),
    };
  });
  if (urls.length === 0) problems.push('the sitemap lists no URLs');
  const answers = await statuses(urls.map((u) => u.loc).filter(isAbsoluteHttp), statusOf);
  for (const url of urls) {
    if (!isAbsoluteHttp(url.loc)) problems.push(`a <url> has no absolute <loc>: ${url.loc}`);
    else if (answers.get(url.loc) !== 200) problems.push(`${url.loc} answers ${answers.get(url.loc)}`);
    if (url.lastmod === undefined) problems.push(`${url.loc} has no <lastmod>`);
    else if (!w3cDate.test(url.lastmod) || Number.isNaN(Date.parse(url.lastmod))) {
      problems.push(`${url.loc} has an invalid <lastmod>: ${url.lastmod}`);
    }
  }
  return { urls, problems };
}

export interface FeedLink {
  href: string;
  title?: string;
}

/** The RSS `<link rel="alternate" type="application/rss+xml">` tags in a page's HTML. */
export function rssLinksIn(html: string): FeedLink[] {
  const head = html.split(/<\/head>/i)[0] ?? '';
  return [...head.matchAll(/<link\b[^>]*>/gi)]
    .map(([tag]) => Object.fromEntries([...tag.matchAll(/([\w-]+)="([^"]*)"/g)].map(([, k, v]) => [k!, v!])))
    .filter((a) => a.rel === 'alternate' && a.type === 'application/rss+xml' && a.href)
    .map((a) => ({ href: decodeXml(a.href!), ...(a.title !== undefined && { title: decodeXml(a.title) }) }));
}
