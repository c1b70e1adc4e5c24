import { z } from 'zod';
import { FeedError, type FetchOptions, fetchAnswer, fetchText } from './fetch-text.ts';

const apiErrorSchema = z.object({ error: z.object({ code: z.number().optional(), message: z.string() }) });

/**
 * Recent videos about a topic from the YouTube Data API v3 (`search.list`, videos only, newest first, for
 * India): the answer's JSON text, read by the `feed-parse` engine (kind `youtube-search`). The key travels
 * in the query string, so error messages never include the address.
 */
export async function searchYoutubeVideos(
  apiBase: string,
  apiKey: string,
  query: string,
  maxResults: number,
  options: FetchOptions,
): Promise<string> {
  const url = new URL(`${apiBase.replace(/\/+$/, '')}/search`);
  url.search = new URLSearchParams({
    part: 'snippet',
    type: 'video',
    order: 'date',
    regionCode: 'IN',
    relevanceLanguage: 'en',
    maxResults: String(Math.min(50, Math.max(1, maxResults))),
    q: query,
    key: apiKey,
  }).toString();
  let answer: Awaited<ReturnType<typeof fetchAnswer>>;
  try {
    answer = await fetchAnswer(url.toString(), {
      ...options,
      accept: 'application/json',
      bodyOfErrors: true,
    });
  } catch (error) {
    const message = (error as Error).message;
    throw new FeedError(
      / did not answer within /.test(message)
        ? `The YouTube Data API did not answer within ${options.timeoutMs} ms`
        : `The YouTube Data API could not be read: ${message}`,
    );
  }
  if (answer.status < 200 || answer.status > 299) {
    // An error answer is a few hundred bytes of JSON: read here, where its status is known.
    let body: unknown;
    try {
      body = JSON.parse(answer.text.slice(0, 64 * 1024));
    } catch {
      body = undefined;
    }
    const apiError = apiErrorSchema.safeParse(body);
    throw new FeedError(
      `The YouTube Data API answered HTTP ${answer.status}${apiError.success ? `: ${apiError.data.error.message}` : ''}`,
    );
  }
  return answer.text;
}

/** The text of one channel's public Atom feed (`/feeds/videos.xml?channel_id=…`), read by the engine (kind `channel`). */
export async function fetchChannelVideos(
  feedBase: string,
  channelId: string,
  options: FetchOptions,
): Promise<string> {
  const url = new URL(feedBase);
  url.searchParams.set('channel_id', channelId);
  try {
    return await fetchText(url.toString(), {
      ...options,
      accept: 'application/atom+xml, application/xml;q=0.9',
    });
  } catch (error) {
    throw new FeedError(`Channel ${channelId}: ${(error as Error).message}`);
  }
}
