import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createEnginePool, type EnginePool } from '../engine-pool.ts';
import { feedItemsMax } from './feed-items.ts';
import { FeedParseError, parseFeed } from './feed-parse.ts';

// The recorded-shape fixtures of the adapters' fake server, read directly (engines import no test helpers
// but their own).
const feedFixture = (name: string) =>
  fs.readFileSync(path.join(import.meta.dirname, '../../../test/fixtures/feeds', name), 'utf8');
const feedUrl = 'https://economictimes.indiatimes.com/markets/rssfeeds/1977021501.cms';
let pool: EnginePool | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

describe('the feed-parse engine', () => {
  it('reads a good feed right after a garbage one on the same thread (a fresh parser per input)', async () => {
    pool = createEnginePool({ threadBudget: 1 });
    await expect(
      parseFeed(pool, 'news', `<rss><channel>${'<a b="'.repeat(50_000)}`, feedUrl),
    ).rejects.toThrow(
      /^economictimes\.indiatimes\.com did not send a readable feed \(.+ at line 1, column \d+\)$/,
    );
    const items = await parseFeed(pool, 'news', feedFixture('et-markets.rss.xml'), feedUrl);
    expect(items.map((item) => item.source)).toEqual(['ET Markets', 'ET Markets', 'ET Markets']);
    expect(pool.stats().engines[0]).toMatchObject({ name: 'feed-parse', threads: 1, completed: 2 });
  });

  it(`answers at most ${feedItemsMax} items of a feed listing thousands`, async () => {
    pool = createEnginePool({ threadBudget: 1 });
    const items = Array.from(
      { length: 5000 },
      (_, i) => `<item><title>t${i}</title><link>https://example.in/${i}</link></item>`,
    ).join('');
    const read = await parseFeed(
      pool,
      'news',
      `<rss version="2.0"><channel><title>Many</title>${items}</channel></rss>`,
      feedUrl,
    );
    expect(read).toHaveLength(feedItemsMax);
    expect(read[0]).toMatchObject({ title: 't0', url: 'https://example.in/0', source: 'Many' });
  });

  it('stops a parse past its time limit and says so', async () => {
    pool = createEnginePool({ threadBudget: 1, limits: { 'feed-parse': { timeoutMs: 50 } } });
    const nested = `<rss version="2.0"><channel>${'<a>'.repeat(1_000_000)}`;
    await expect(parseFeed(pool, 'news', nested, feedUrl)).rejects.toThrow(
      new FeedParseError(
        'economictimes.indiatimes.com sent a feed that could not be read within 10 s: refused',
      ),
    );
    expect(pool.stats().engines[0]).toMatchObject({ timedOut: 1, running: 0 });
  });

  it('refuses a search answer that is not JSON or of another shape, in plain words', async () => {
    pool = createEnginePool({ threadBudget: 1 });
    await expect(parseFeed(pool, 'youtube-search', '<html>', 'https://x')).rejects.toThrow(
      'The YouTube Data API sent an answer that is not JSON',
    );
    await expect(parseFeed(pool, 'youtube-search', '{"items":1}', 'https://x')).rejects.toThrow(
      'The YouTube Data API sent a search answer of an unknown shape',
    );
  });
});
