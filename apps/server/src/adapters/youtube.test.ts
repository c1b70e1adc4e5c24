import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  atom,
  type FakeFeedServer,
  feedFixture,
  json,
  startFakeFeedServer,
} from '../../test/fake-feed-server.ts';
import { handTimers } from '../../test/hand-timers.ts';
import { createEnginePool, type EnginePool } from '../engines/engine-pool.ts';
import { parseFeed } from '../engines/feed-parse/feed-parse.ts';
import type { FetchOptions } from './fetch-text.ts';
import {
  fetchChannelVideos as fetchChannelText,
  searchYoutubeVideos as searchYoutubeText,
} from './youtube.ts';

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

/** The adapters fetch, the feed-parse engine reads: what the market-news feature does with each answer. */
async function searchYoutubeVideos(
  apiBase: string,
  apiKey: string,
  query: string,
  maxResults: number,
  options: FetchOptions,
) {
  const text = await searchYoutubeText(apiBase, apiKey, query, maxResults, options);
  return parseFeed(pool, 'youtube-search', text, apiBase);
}
async function fetchChannelVideos(feedBase: string, channelId: string, options: FetchOptions) {
  return parseFeed(pool, 'channel', await fetchChannelText(feedBase, channelId, options), channelId);
}
const key = 'AIzaSyFakeKeyForTests_0123456789abcd';

describe('searchYoutubeVideos (YouTube Data API v3 search.list)', () => {
  it('asks for recent videos in India and decodes the escaped titles; channel results are skipped', async () => {
    fake.answers.set('/youtube/v3/search', json(feedFixture('youtube-search.json')));
    const videos = await searchYoutubeVideos(`${fake.url}/youtube/v3`, key, 'India', 20, {
      timeoutMs: 2000,
      allowPrivateAddresses: true,
    });
    expect(videos).toEqual([
      {
        videoId: 'aB3dE5fG7hI',
        title: 'Stock Market Today: Sensex & Nifty close higher | Market Wrap',
        channel: 'NDTV',
        publishedAt: '2026-11-20T12:30:04.000Z',
      },
      {
        videoId: 'Zy9xW8vU7tS',
        title: "India's GDP growth: what the numbers say",
        channel: 'India Today',
        publishedAt: '2026-11-20T10:05:00.000Z',
      },
      {
        videoId: 'Qw3eR4tY5uI',
        title: 'Stock Market Today: Sensex & Nifty close higher | Market Wrap',
        channel: 'WION',
        publishedAt: '2026-11-19T18:45:00.000Z',
      },
    ]);
    const request = fake.requests.at(-1)!;
    expect(Object.fromEntries(request.searchParams)).toEqual({
      part: 'snippet',
      type: 'video',
      order: 'date',
      regionCode: 'IN',
      relevanceLanguage: 'en',
      maxResults: '20',
      q: 'India',
      key,
    });
  });

  it("reports the API's own error message, never the key", async () => {
    fake.answers.set('/quota/search', json(feedFixture('youtube-quota-error.json'), 403));
    const failure = searchYoutubeVideos(`${fake.url}/quota`, key, 'India', 20, {
      timeoutMs: 2000,
      allowPrivateAddresses: true,
    });
    await expect(failure).rejects.toThrow(/HTTP 403: The request cannot be completed/);
    await failure.catch((error: Error) => expect(error.message).not.toContain(key));
  });

  it('fails plainly on an answer that is not JSON, of another shape, or late', async () => {
    fake.answers.set('/html/search', { type: 'text/html', body: '<html>captive portal</html>' });
    fake.answers.set('/shape/search', json('{"items": "none"}'));
    fake.answers.set('/slow/search', { hang: true });
    await expect(
      searchYoutubeVideos(`${fake.url}/html`, key, 'India', 5, {
        timeoutMs: 2000,
        allowPrivateAddresses: true,
      }),
    ).rejects.toThrow(/not JSON/);
    await expect(
      searchYoutubeVideos(`${fake.url}/shape`, key, 'India', 5, {
        timeoutMs: 2000,
        allowPrivateAddresses: true,
      }),
    ).rejects.toThrow(/unknown shape/);
    const timers = handTimers();
    const refused = expect(
      searchYoutubeVideos(`${fake.url}/slow`, key, 'India', 5, {
        timeoutMs: 200,
        allowPrivateAddresses: true,
        timers,
      }),
    ).rejects.toThrow(/did not answer within 200 ms/);
    await fake.requested('/slow/search');
    timers.fire();
    await refused;
  });
});

describe('fetchChannelVideos (YouTube channel Atom feeds)', () => {
  it("reads each entry's yt:videoId, title, channel and date", async () => {
    fake.answers.set(
      '/feeds/videos.xml?channel_id=UCZFMm1mMw0F81Z37aaEzTUA',
      atom(feedFixture('youtube-channel-ndtv.atom.xml')),
    );
    const videos = await fetchChannelVideos(`${fake.url}/feeds/videos.xml`, 'UCZFMm1mMw0F81Z37aaEzTUA', {
      timeoutMs: 2000,
      allowPrivateAddresses: true,
    });
    expect(videos).toEqual([
      {
        videoId: 'nD7vK2pQ9sA',
        title: 'India News Live: Parliament winter session begins today',
        channel: 'NDTV',
        publishedAt: '2026-11-20T14:02:11.000Z',
      },
      {
        videoId: 'mK4jH6gF8dS',
        title: 'Sensex Today: Markets close in the green, Nifty above 26,100',
        channel: 'NDTV',
        publishedAt: '2026-11-20T10:31:00.000Z',
      },
    ]);
  });

  it('names the channel when its feed fails', async () => {
    await expect(
      fetchChannelVideos(`${fake.url}/feeds/videos.xml`, 'UCxxxxxxxxxxxxxxxxxxxxxx', {
        timeoutMs: 2000,
        allowPrivateAddresses: true,
      }),
    ).rejects.toThrow(/Channel UCxxxxxxxxxxxxxxxxxxxxxx: .*answered HTTP 404/);
  });
});
