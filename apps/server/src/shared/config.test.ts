import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('has working defaults for a fresh machine', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: 'localhost',
      publicBaseUrl: 'http://localhost:3000',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      adminToken: undefined,
      siteName: 'Hurry Up',
      logLevel: 'info',
      ads: { clientId: undefined, slots: {} },
      analyticsId: undefined,
      idleTimeoutMs: 30_000,
      requestTimeoutMs: 300_000,
      adminFailureLimit: 10,
      adminRateLimit: 300,
    });
  });

  it('refuses timeouts and admin limits that would switch the protection off', () => {
    const problems = problemsOf({
      IDLE_TIMEOUT_MS: '0',
      REQUEST_TIMEOUT_MS: 'soon',
      ADMIN_FAILURE_LIMIT: '0',
      ADMIN_RATE_LIMIT: '-5',
    });
    expect(problems.map((p) => p.split(':')[0])).toEqual([
      'IDLE_TIMEOUT_MS',
      'REQUEST_TIMEOUT_MS',
      'ADMIN_FAILURE_LIMIT',
      'ADMIN_RATE_LIMIT',
    ]);
  });

  it('derives the public URL from the port and trims a trailing slash', () => {
    expect(loadConfig({ PORT: '8080' }).publicBaseUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_BASE_URL: 'https://hurryup.example.in/' }).publicBaseUrl).toBe(
      'https://hurryup.example.in',
    );
  });

  it('names each bad variable and the value it got', () => {
    const problems = problemsOf({ PORT: 'eighty', LOG_LEVEL: 'loud', PUBLIC_BASE_URL: 'ftp://x' });
    expect(problems).toHaveLength(3);
    expect(problems.find((p) => p.startsWith('PORT:'))).toContain('"eighty"');
    expect(problems.find((p) => p.startsWith('LOG_LEVEL:'))).toContain('"loud"');
    expect(problems.find((p) => p.startsWith('PUBLIC_BASE_URL:'))).toContain('absolute http(s) URL');
  });

  it('never echoes secrets in its messages', () => {
    const problems = problemsOf({ ADMIN_TOKEN: 'short-secret', DATABASE_URL: 'mysql://user:pw@host/db' });
    expect(problems.join('\n')).not.toContain('short-secret');
    expect(problems.join('\n')).not.toContain('pw@host');
    expect(problems.find((p) => p.startsWith('ADMIN_TOKEN:'))).toContain('at least 16 characters');
    expect(problems.find((p) => p.startsWith('DATABASE_URL:'))).toContain('postgres://');
  });

  it('treats empty strings as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', ADMIN_TOKEN: '', ANALYTICS_ID: '' })).toMatchObject({
      databaseUrl: undefined,
      adminToken: undefined,
      analyticsId: undefined,
    });
  });

  it('reads ad slots per placement', () => {
    const config = loadConfig({ ADS_CLIENT_ID: 'ca-pub-1234567890', ADS_SLOTS: 'banner=111,inline=222' });
    expect(config.ads).toEqual({ clientId: 'ca-pub-1234567890', slots: { banner: '111', inline: '222' } });
    expect(problemsOf({ ADS_SLOTS: 'sidebar=1' })[0]).toMatch(/^ADS_SLOTS:/);
  });

  it('has public market feeds by default, fetched every 30 minutes whatever NODE_ENV says (tests set 0)', () => {
    const { feeds } = loadConfig({});
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
    // No NODE_ENV branch: a test turns the schedule and the sync off by its settings, explicitly.
    expect(loadConfig({ NODE_ENV: 'test' }).feeds.refreshMinutes).toBe(30);
    expect(loadConfig({ NODE_ENV: 'test' }).market.sync).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test', FEEDS_REFRESH_MINUTES: '0' }).feeds.refreshMinutes).toBe(0);
    expect(loadConfig({ NODE_ENV: 'test', MARKET_SYNC: 'off' }).market.sync).toBe(false);
  });

  it('refuses private and loopback addresses for outgoing calls unless explicitly allowed', () => {
    expect(loadConfig({}).outgoing.allowPrivateAddresses).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }).outgoing.allowPrivateAddresses).toBe(false);
    expect(loadConfig({ OUTGOING_ALLOW_PRIVATE_ADDRESSES: 'true' }).outgoing.allowPrivateAddresses).toBe(
      true,
    );
    expect(() => loadConfig({ OUTGOING_ALLOW_PRIVATE_ADDRESSES: 'yes' })).toThrow(
      /OUTGOING_ALLOW_PRIVATE_ADDRESSES/,
    );
  });

  it('reads feed lists and refuses bad feed settings, never echoing the YouTube key', () => {
    const config = loadConfig({
      NEWS_FEED_URLS: 'https://a.example.in/rss, https://b.example.in/feed.xml',
      YOUTUBE_CHANNEL_IDS: 'UCZFMm1mMw0F81Z37aaEzTUA, UCYPvAwZP8pZhSMW8qs7cVCw',
    });
    expect(config.feeds.newsUrls).toEqual(['https://a.example.in/rss', 'https://b.example.in/feed.xml']);
    expect(config.feeds.youtube.channelIds).toEqual(['UCZFMm1mMw0F81Z37aaEzTUA', 'UCYPvAwZP8pZhSMW8qs7cVCw']);
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
  });
});
