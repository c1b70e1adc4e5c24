import { describe, expect, it } from 'vitest';
import { featureSettings } from '../../../test/feature-settings.ts';
import { marketNewsFeature } from './market-news.feature.ts';

const { of: feedsOf, problemsOf, secretNames } = featureSettings(marketNewsFeature);

describe("the market feeds' settings", () => {
  it('has public market feeds by default, fetched every 30 minutes whatever NODE_ENV says (tests set 0)', () => {
    const feeds = feedsOf({});
    expect(feeds.newsUrls).toHaveLength(4);
    expect(feeds.newsUrls.every((url) => url.startsWith('https://'))).toBe(true);
    expect(feeds.trendsUrl).toBe('https://trends.google.com/trending/rss?geo=IN');
    expect(feeds.youtube).toMatchObject({
      apiKey: undefined,
      apiUrl: 'https://www.googleapis.com/youtube/v3',
      feedUrl: 'https://www.youtube.com/feeds/videos.xml',
      query: 'India',
    });
    expect(feeds.youtube.channelIds.length).toBeGreaterThan(0);
    expect(feeds.refreshMinutes).toBe(30);
    expect(feeds.timeoutMs).toBe(10_000);
    // No NODE_ENV branch: a test turns the schedule off by its settings, explicitly.
    expect(feedsOf({ NODE_ENV: 'test' }).refreshMinutes).toBe(30);
    expect(feedsOf({ NODE_ENV: 'test', FEEDS_REFRESH_MINUTES: '0' }).refreshMinutes).toBe(0);
  });

  it('reads feed lists and refuses bad feed settings, never echoing the YouTube key', () => {
    const feeds = feedsOf({
      NEWS_FEED_URLS: 'https://a.example.in/rss, https://b.example.in/feed.xml',
      YOUTUBE_CHANNEL_IDS: 'UCZFMm1mMw0F81Z37aaEzTUA, UCYPvAwZP8pZhSMW8qs7cVCw',
    });
    expect(feeds.newsUrls).toEqual(['https://a.example.in/rss', 'https://b.example.in/feed.xml']);
    expect(feeds.youtube.channelIds).toEqual(['UCZFMm1mMw0F81Z37aaEzTUA', 'UCYPvAwZP8pZhSMW8qs7cVCw']);
    const problems = problemsOf({
      NEWS_FEED_URLS: 'https://a.example.in/rss,ftp://b',
      TRENDS_FEED_URL: 'trends',
      YOUTUBE_CHANNEL_IDS: 'NDTV',
      YOUTUBE_API_KEY: 'bad key!',
      FEEDS_REFRESH_MINUTES: '-1',
      FEEDS_TIMEOUT_MS: '5',
    });
    const named = problems.map((p) => p.split(/[.:]/)[0]);
    for (const name of [
      'NEWS_FEED_URLS',
      'TRENDS_FEED_URL',
      'YOUTUBE_CHANNEL_IDS',
      'YOUTUBE_API_KEY',
      'FEEDS_REFRESH_MINUTES',
      'FEEDS_TIMEOUT_MS',
    ]) {
      expect(named, name).toContain(name);
    }
    expect(problems.join('\n')).not.toContain('bad key!');
    expect(secretNames()).toEqual(['YOUTUBE_API_KEY']);
  });
});
