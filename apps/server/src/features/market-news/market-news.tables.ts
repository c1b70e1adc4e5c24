import type { Generated } from 'kysely';

export type MarketNewsTables = {
  /** Stock news from the RSS feeds; one row per article link. */
  market_news_items: {
    id: Generated<number>;
    url: string;
    title: string;
    summary: string;
    image_url: string | null;
    source: string;
    /** ISO timestamp: the feed's date, or the first fetch when it gave none. */
    published_at: string;
    fetched_at: string;
  };
  /** Trending searches in India; one row per search (lower-cased title), refreshed each time it is seen. */
  market_trends: {
    id: Generated<number>;
    title_key: string;
    title: string;
    traffic_text: string | null;
    traffic: number;
    news_url: string | null;
    published_at: string | null;
    last_seen_at: string;
  };
  /** Video titles for the captions page; one row per YouTube video. */
  market_videos: {
    id: Generated<number>;
    video_id: string;
    title: string;
    channel: string;
    /** The topic (lower-cased) it was fetched for, e.g. 'india'. */
    topic_key: string;
    published_at: string;
    fetched_at: string;
  };
  /** When each source was last tried and last fetched successfully (staleness at start, `fetchedAt`). */
  market_feed_runs: {
    source: string;
    last_attempt_at: string;
    last_success_at: string | null;
    last_problem: string | null;
  };
};
