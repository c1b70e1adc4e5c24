import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeFeedServer, feedFixture, rss, startFakeFeedServer } from '../../test/fake-feed-server.ts';
import { handTimers } from '../../test/hand-timers.ts';
import { createEnginePool, type EnginePool } from '../engines/engine-pool.ts';
import { trafficValue } from '../engines/feed-parse/feed-items.ts';
import { parseFeed } from '../engines/feed-parse/feed-parse.ts';
import type { FetchOptions } from './fetch-text.ts';
import { fetchTrends as fetchTrendsText } from './google-trends.ts';

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

/** The adapter fetches, the feed-parse engine reads: what the market-news feature does with the feed. */
async function fetchTrends(url: string, options: FetchOptions) {
  return parseFeed(pool, 'trends', await fetchTrendsText(url, options), url);
}

describe('fetchTrends (Google Trends trending-searches RSS)', () => {
  it('reads each search with its ht:approx_traffic, date and first news link', async () => {
    fake.answers.set('/trending/rss', rss(feedFixture('google-trends-in.rss.xml')));
    const trends = await fetchTrends(`${fake.url}/trending/rss?geo=IN`, {
      timeoutMs: 2000,
      allowPrivateAddresses: true,
    });
    expect(trends).toHaveLength(35);
    expect(trends[0]).toEqual({
      title: 'ind vs sa',
      trafficText: '500K+',
      traffic: 500_000,
      publishedAt: '2026-11-20T17:30:00.000Z',
      newsUrl: 'https://www.thehindu.com/news/national/ind-vs-sa/article68900000.ece',
    });
    expect(trends.at(-1)!.traffic).toBe(500);
    expect(fake.requests.at(-1)!.searchParams.get('geo')).toBe('IN');
  });

  it('keeps one entry per search and skips untitled items', async () => {
    fake.answers.set(
      '/dupes',
      rss(`<?xml version="1.0"?><rss xmlns:ht="https://trends.google.com/trending/rss" version="2.0"><channel><title>Daily Search Trends</title>
<item><title>Diwali</title><ht:approx_traffic>2,00,000+</ht:approx_traffic></item>
<item><title>diwali</title><ht:approx_traffic>100+</ht:approx_traffic></item>
<item><title></title></item>
<item><title>Holi</title></item></channel></rss>`),
    );
    const trends = await fetchTrends(`${fake.url}/dupes`, { timeoutMs: 2000, allowPrivateAddresses: true });
    expect(trends.map((t) => [t.title, t.traffic])).toEqual([
      ['Diwali', 200_000],
      ['Holi', 0],
    ]);
  });

  it('fails plainly on garbage and on silence', async () => {
    fake.answers.set('/garbage', {
      type: 'application/json',
      body: '{"default":{"trendingSearchesDays":[]}}',
    });
    fake.answers.set('/slow', { hang: true });
    await expect(
      fetchTrends(`${fake.url}/garbage`, { timeoutMs: 2000, allowPrivateAddresses: true }),
    ).rejects.toThrow(/did not send a readable trends feed/);
    const timers = handTimers();
    const slow = fetchTrends(`${fake.url}/slow`, { timeoutMs: 200, allowPrivateAddresses: true, timers });
    const refused = expect(slow).rejects.toThrow(/within 200 ms/);
    await fake.requested('/slow');
    timers.fire();
    await refused;
  });

  it('reads the traffic wordings Google has used', () => {
    expect(trafficValue('2000+')).toBe(2000);
    expect(trafficValue('200K+')).toBe(200_000);
    expect(trafficValue('1M+')).toBe(1_000_000);
    expect(trafficValue('1.5M+')).toBe(1_500_000);
    expect(trafficValue('2,00,000+')).toBe(200_000);
    expect(trafficValue('lots')).toBe(0);
    expect(trafficValue(undefined)).toBe(0);
  });
});
