import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeFeedServer, feedFixture, rss, startFakeFeedServer } from '../../test/fake-feed-server.ts';
import { handTimers } from '../../test/hand-timers.ts';
import { createEnginePool, type EnginePool } from '../engines/engine-pool.ts';
import { FeedParseError, parseFeed } from '../engines/feed-parse/feed-parse.ts';
import { FeedError, type FetchOptions } from './fetch-text.ts';
import { fetchNewsFeed as fetchNewsText } from './news-rss.ts';

let fake: FakeFeedServer;
let pool: EnginePool;
beforeAll(async () => {
  fake = await startFakeFeedServer();
  pool = createEnginePool({ threadBudget: 1 });
});
afterAll(async () => {
  await pool.close();
  await fake.close();
});
const options = { timeoutMs: 2000, allowPrivateAddresses: true };

/** The adapter fetches, the feed-parse engine reads: what the market-news feature does with each feed. */
async function fetchNewsFeed(url: string, fetchOptions: FetchOptions) {
  return parseFeed(pool, 'news', await fetchNewsText(url, fetchOptions), url);
}

describe('fetchNewsFeed (RSS 2.0 news feeds)', () => {
  it('reads titles, links, plain-text summaries, dates and enclosure images', async () => {
    fake.answers.set('/et.rss', rss(feedFixture('et-markets.rss.xml')));
    const items = await fetchNewsFeed(`${fake.url}/et.rss`, options);
    // The untitled item and the javascript: link are skipped.
    expect(items).toHaveLength(3);
    expect(items[0]).toEqual({
      title: 'Sensex, Nifty end higher as banks & IT stocks lead the rally',
      summary:
        'The Nifty 50 closed at 26,180, up 0.6%, while the BSE Sensex gained 410 points. HDFC Bank and Infosys were the top contributors.',
      url: 'https://economictimes.indiatimes.com/markets/stocks/news/sensex-nifty-end-higher/articleshow/125010001.cms',
      imageUrl: 'https://img.etimg.com/thumb/msid-125010001,width-1070,height-580/sensex-nifty.jpg',
      source: 'ET Markets',
      publishedAt: '2026-11-20T10:15:12.000Z',
    });
    expect(items[1]!.summary).toContain('₹1,200 crore');
    expect(items[2]!.imageUrl).toBeUndefined();
  });

  it('takes the widest media:content image, else media:thumbnail, else an <img> in the HTML', async () => {
    fake.answers.set('/mint.rss', rss(feedFixture('livemint-markets.rss.xml')));
    const items = await fetchNewsFeed(`${fake.url}/mint.rss`, options);
    expect(items.map((item) => item.imageUrl)).toEqual([
      'https://www.livemint.com/lm-img/img/2026/11/20/1600x900/ipo_large.jpg',
      'https://www.livemint.com/lm-img/img/2026/11/20/thumb/rbi.jpg',
      undefined,
    ]);
    expect(items[2]!.summary).toBe('Gold futures on MCX traded at ₹78,450 per 10 grams.');
    expect(items[0]!.source).toBe('Mint - markets');
  });

  it('cuts long summaries on a word with an ellipsis', async () => {
    const long = Array.from({ length: 200 }, (_, i) => `word${i}`).join(' ');
    fake.answers.set(
      '/long.rss',
      rss(
        `<?xml version="1.0"?><rss version="2.0"><channel><title>Long</title><item><title>T</title><link>https://example.in/a</link><description>${long}</description></item></channel></rss>`,
      ),
    );
    const [item] = await fetchNewsFeed(`${fake.url}/long.rss`, options);
    expect(item!.summary.length).toBeLessThanOrEqual(400);
    expect(item!.summary.endsWith('…')).toBe(true);
    expect(item!.publishedAt).toBeUndefined();
  });

  it('refuses garbage, HTML pages, error statuses and silence with a FeedError', async () => {
    fake.answers.set('/garbage', { type: 'text/plain', body: '\u0000\u0001 not xml at all {' });
    fake.answers.set('/html', {
      type: 'text/html',
      body: '<!doctype html><html><body>Sign in</body></html>',
    });
    fake.answers.set('/down', rss('Service Unavailable', 503));
    fake.answers.set('/slow', { hang: true });
    await expect(fetchNewsFeed(`${fake.url}/garbage`, options)).rejects.toThrow(FeedParseError);
    await expect(fetchNewsFeed(`${fake.url}/html`, options)).rejects.toThrow(/did not send a readable feed/);
    await expect(fetchNewsFeed(`${fake.url}/down`, options)).rejects.toThrow(FeedError);
    await expect(fetchNewsFeed(`${fake.url}/down`, options)).rejects.toThrow(/answered HTTP 503/);
    // The time limit passes when the test fires the call's timer, never by waiting.
    const timers = handTimers();
    const slow = fetchNewsFeed(`${fake.url}/slow`, { ...options, timeoutMs: 300, timers }).catch(
      (error: unknown) => error,
    );
    await fake.requested('/slow');
    timers.fire();
    expect(await slow).toMatchObject({ message: expect.stringMatching(/did not answer within 300 ms/) });
  });

  it('refuses an answer larger than the limit', async () => {
    fake.answers.set('/huge', rss(`<rss version="2.0"><channel>${' '.repeat(3000)}</channel></rss>`));
    await expect(fetchNewsFeed(`${fake.url}/huge`, { ...options, maxBytes: 1000 })).rejects.toThrow(
      /more than the 1000/,
    );
  });
});
