import os from 'node:os';
import { type FeedParseOutput, type FeedParseRequest, readFeed } from './feed-items.ts';

// Feeds are background work: this thread yields the cores to the threads answering visitors. On Linux a
// nice value belongs to the thread that sets it, so only this engine's threads are lowered.
try {
  os.setPriority(19);
} catch {
  // Not permitted on this system: the time limit still bounds the work.
}

/** Runs in the engine pool: one feed's text in, its items (or the reason it is not a feed) out. */
export default function parseFeedTask(request: FeedParseRequest): Promise<FeedParseOutput> {
  return readFeed(request);
}
