import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

// The same recorded-shape fixtures the server's adapter tests use.
const fixtures = path.resolve(import.meta.dirname, '../../server/test/fixtures/feeds');
const ndtv = 'UCZFMm1mMw0F81Z37aaEzTUA';
const indiaToday = 'UCYPvAwZP8pZhSMW8qs7cVCw';

const routes: Record<string, [type: string, file: string]> = {
  '/et.rss': ['application/rss+xml', 'et-markets.rss.xml'],
  '/mint.rss': ['application/rss+xml', 'livemint-markets.rss.xml'],
  '/trending/rss': ['application/rss+xml', 'google-trends-in.rss.xml'],
  [`/feeds/videos.xml?channel_id=${ndtv}`]: ['application/atom+xml', 'youtube-channel-ndtv.atom.xml'],
  [`/feeds/videos.xml?channel_id=${indiaToday}`]: [
    'application/atom+xml',
    'youtube-channel-indiatoday.atom.xml',
  ],
};

export interface FakeFeeds {
  /** Settings that point the server's news, trends and video feeds at this fake. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * Local stand-ins for the outside feeds (news RSS, Google Trends, YouTube channel feeds) on 127.0.0.1, so
 * the browser tests' server fetches real-format feeds without reaching the internet.
 */
export async function startFakeFeeds(): Promise<FakeFeeds> {
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const route = routes[`${url.pathname}${url.search}`] ?? routes[url.pathname];
    if (!route) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
      return;
    }
    const [type, file] = route;
    response
      .writeHead(200, { 'content-type': `${type}; charset=utf-8` })
      .end(fs.readFileSync(path.join(fixtures, file)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    env: {
      NEWS_FEED_URLS: `${url}/et.rss,${url}/mint.rss`,
      TRENDS_FEED_URL: `${url}/trending/rss?geo=IN`,
      YOUTUBE_FEED_URL: `${url}/feeds/videos.xml`,
      YOUTUBE_CHANNEL_IDS: `${ndtv},${indiaToday}`,
      FEEDS_REFRESH_MINUTES: '60',
      FEEDS_TIMEOUT_MS: '5000',
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
