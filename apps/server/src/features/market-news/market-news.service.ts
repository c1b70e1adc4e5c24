import type { Captions, FeedRun, FeedSourceName, StockNews, TrendText } from '@hurryup/contracts/market-news';
import type { TrendRows } from '@hurryup/contracts/trend-rows';
import { fetchTrends } from '../../adapters/google-trends.ts';
import { fetchNewsFeed } from '../../adapters/news-rss.ts';
import { fetchChannelVideos, searchYoutubeVideos } from '../../adapters/youtube.ts';
import type { Engines } from '../../engines/engine.ts';
import type { FetchedNewsItem, FetchedVideo } from '../../engines/feed-parse/feed-items.ts';
import { parseFeed } from '../../engines/feed-parse/feed-parse.ts';
import type { Clock } from '../../shared/clock.ts';
import type { MarketNewsRepository } from './market-news.repository.ts';
import type { MarketNewsSettings } from './market-news.settings.ts';

type FeedSettings = MarketNewsSettings;

const maxInt32 = 2_147_483_647;

/** A feed's date, but never in the future: some feeds stamp local time as UTC. */
function notAfter(date: string | undefined, now: string): string | undefined {
  return date && date > now ? now : date;
}

/** What went wrong with a source, one line per failing address (never an API key). */
function problemText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The market feeds: fetching each source (news, trends, videos) into the database, and the answers the
 * API and the pages read, always from the database. A fetch that fails, times out or finds nothing keeps
 * the stored items as they are. The adapters fetch each feed's text; the `feed-parse` engine reads it in a
 * worker thread with a time and a memory limit, so a hostile feed never holds the site's requests.
 */
export function createMarketNewsService(
  repo: MarketNewsRepository,
  feeds: FeedSettings,
  engines: Engines,
  outside: {
    /** The site's clock: the fetch times stored, and the fetches' time limits (tests move a ManualClock). */
    clock: Clock;
    /** Whether the configured feed addresses may be private (`OUTGOING_ALLOW_PRIVATE_ADDRESSES`). */
    allowPrivateAddresses: boolean;
  },
) {
  const topicKey = feeds.youtube.query.toLowerCase();
  const { clock } = outside;
  const fetchOptions = (signal?: AbortSignal) => ({
    timeoutMs: feeds.timeoutMs,
    signal,
    allowPrivateAddresses: outside.allowPrivateAddresses,
    timers: clock,
  });
  const nowIso = () => clock.date().toISOString();

  async function record(
    source: FeedSourceName,
    stored: number,
    problems: string[],
    ok: boolean,
  ): Promise<FeedRun> {
    await repo.recordRun(source, {
      at: nowIso(),
      ok,
      problem: problems.length > 0 ? problems.join('\n').slice(0, 4000) : undefined,
    });
    return { source, ok, stored, problems };
  }

  async function refreshNews(signal?: AbortSignal): Promise<FeedRun> {
    const options = fetchOptions(signal);
    const results = await Promise.allSettled(
      feeds.newsUrls.map(async (url) =>
        parseFeed(engines, 'news', await fetchNewsFeed(url, options), url, { signal }),
      ),
    );
    const problems: string[] = [];
    const byUrl = new Map<string, FetchedNewsItem>();
    for (const result of results) {
      if (result.status === 'rejected') problems.push(problemText(result.reason));
      else for (const item of result.value) if (!byUrl.has(item.url)) byUrl.set(item.url, item);
    }
    const now = nowIso();
    const items = [...byUrl.values()].map((item) => ({
      ...item,
      publishedAt: notAfter(item.publishedAt, now),
    }));
    if (items.length > 0) await repo.upsertNews(items, now);
    return record('news', items.length, problems, items.length > 0);
  }

  async function refreshTrends(signal?: AbortSignal): Promise<FeedRun> {
    try {
      const text = await fetchTrends(feeds.trendsUrl, fetchOptions(signal));
      const trends = await parseFeed(engines, 'trends', text, feeds.trendsUrl, { signal });
      const now = nowIso();
      if (trends.length === 0) return record('trends', 0, ['The trends feed listed no searches'], false);
      await repo.upsertTrends(
        trends.map((trend) => ({
          titleKey: trend.title.toLowerCase(),
          title: trend.title,
          trafficText: trend.trafficText,
          traffic: Math.min(trend.traffic, maxInt32),
          newsUrl: trend.newsUrl,
          publishedAt: notAfter(trend.publishedAt, now),
        })),
        now,
      );
      return record('trends', trends.length, [], true);
    } catch (error) {
      return record('trends', 0, [problemText(error)], false);
    }
  }

  async function refreshVideos(signal?: AbortSignal): Promise<FeedRun> {
    const options = fetchOptions(signal);
    const { apiKey, apiUrl, feedUrl, channelIds, query } = feeds.youtube;
    const results: PromiseSettledResult<FetchedVideo[]>[] = apiKey
      ? await Promise.allSettled([
          searchYoutubeVideos(apiUrl, apiKey, query, 50, options).then((text) =>
            parseFeed(engines, 'youtube-search', text, apiUrl, { signal }),
          ),
        ])
      : await Promise.allSettled(
          channelIds.map(async (id) =>
            parseFeed(engines, 'channel', await fetchChannelVideos(feedUrl, id, options), id, { signal }),
          ),
        );
    const problems: string[] = [];
    const byId = new Map<string, FetchedVideo>();
    for (const result of results) {
      if (result.status === 'rejected') problems.push(problemText(result.reason));
      else for (const video of result.value) if (!byId.has(video.videoId)) byId.set(video.videoId, video);
    }
    const now = nowIso();
    const videos = [...byId.values()].map((video) => ({
      ...video,
      topicKey,
      publishedAt: notAfter(video.publishedAt, now),
    }));
    if (videos.length > 0) await repo.upsertVideos(videos, now);
    return record('videos', videos.length, problems, videos.length > 0);
  }

  return {
    refresh: { news: refreshNews, trends: refreshTrends, videos: refreshVideos } satisfies Record<
      FeedSourceName,
      (signal?: AbortSignal) => Promise<FeedRun>
    >,
    lastSuccess: (source: FeedSourceName) => repo.lastSuccess(source),

    async news(limit: number): Promise<StockNews> {
      const [news, fetchedAt] = await Promise.all([repo.listNews(limit), repo.lastSuccess('news')]);
      return { news, fetchedAt };
    },

    async trends(rows: TrendRows): Promise<TrendText> {
      const [trends, fetchedAt] = await Promise.all([
        repo.listRecentTrends(rows),
        repo.lastSuccess('trends'),
      ]);
      const text = trends
        .map(
          (trend, i) =>
            `${i + 1}. ${trend.title}${trend.traffic_text ? ` (${trend.traffic_text} searches)` : ''}`,
        )
        .join('\n');
      return { text, rows, count: trends.length, fetchedAt };
    },

    /** At most `max` distinct titles (the same title from two channels counts once), newest first. */
    async captions(query: string, max: number): Promise<Captions> {
      const key = query.trim().toLowerCase();
      const filter = key === topicKey ? { topicKey } : { text: key };
      // Duplicates are rare; reading a few more rows than asked leaves room to drop them.
      const [titles, fetchedAt] = await Promise.all([
        repo.listVideoTitles(filter, max * 3),
        repo.lastSuccess('videos'),
      ]);
      const seen = new Set<string>();
      const videos: { title: string }[] = [];
      for (const title of titles) {
        const normalised = title.toLowerCase();
        if (seen.has(normalised)) continue;
        seen.add(normalised);
        videos.push({ title });
        if (videos.length === max) break;
      }
      return { status: 'success', videos, fetchedAt };
    },
  };
}
export type MarketNewsService = ReturnType<typeof createMarketNewsService>;
