import { z } from 'zod';
import { defineEngine } from '../engine.ts';
import { type FeedParseOutput, type FeedParseRequest, feedKinds } from './feed-items.ts';

/**
 * Characters of feed text at most. The adapters stop reading at 1 MiB (`feedMaxBytes` in
 * adapters/fetch-text.ts); the schema leaves room above it so a caller with its own cap is refused here
 * only when its text is absurd.
 */
export const feedTextMaxChars = 4 * 1024 * 1024;

export const feedParseRequest = z.object({
  kind: z.enum(feedKinds),
  text: z.string().max(feedTextMaxChars),
  source: z.string().min(1).max(2000),
}) satisfies z.ZodType<FeedParseRequest>;

/**
 * Reads one fetched feed into its items, off the main thread: xml2js walks its input synchronously, and a
 * garbage feed once held every request of the site for 19 s. Each task gets a fresh parser (a reused xml2js
 * parser carries a failed parse's state into the next input). A real feed of 1 MiB reads in well under a
 * second; 10 s means a hostile one. The items are a few hundred kilobytes of objects, so 128 MB of heap is
 * ample, and a document built to blow up in memory is stopped at it.
 */
export const feedParseEngine = defineEngine<FeedParseRequest, FeedParseOutput>({
  name: 'feed-parse',
  workerUrl: new URL('./feed-parse.worker.ts', import.meta.url),
  input: feedParseRequest,
  limits: {
    // Feeds are background work: one thread leaves the other cores to visitors.
    threads: 1,
    // One task per configured feed and channel in a refresh (tens), three sources at once.
    maxQueue: 100,
    timeoutMs: 10_000,
    maxMemoryMb: 128,
  },
});
