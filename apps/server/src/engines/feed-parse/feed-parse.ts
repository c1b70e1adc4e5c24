import type { Engines } from '../engine.ts';
import { EngineError, EngineTimeoutError } from '../engine-errors.ts';
import { type FeedItemsOf, type FeedKind, type FeedParseOutput, sourceName } from './feed-items.ts';
import { feedParseEngine } from './feed-parse.engine.ts';

/** A feed that could not be read into items; the message is fit for the operator's log and the refresh report. */
export class FeedParseError extends Error {}

/**
 * Reads a fetched feed into its items in the engine pool, never on the main thread. Every way it can fail
 * (not a feed, past the time or memory limit, the pool busy or closing) becomes a `FeedParseError` naming
 * the source, so one broken feed never breaks its caller's other feeds.
 */
export async function parseFeed<K extends FeedKind>(
  engines: Engines,
  kind: K,
  text: string,
  source: string,
  options: { signal?: AbortSignal | undefined } = {},
): Promise<FeedItemsOf[K][]> {
  let output: FeedParseOutput;
  try {
    output = await engines.run(
      feedParseEngine,
      { kind, text, source },
      options.signal ? { signal: options.signal } : {},
    );
  } catch (error) {
    if (error instanceof EngineTimeoutError) {
      throw new FeedParseError(
        `${sourceName(kind, source)} sent a feed that could not be read within ${feedParseEngine.limits.timeoutMs / 1000} s: refused`,
      );
    }
    if (error instanceof EngineError) {
      // A thread out of memory or crashed says why in its cause (the pool has logged it); a busy or
      // closing pool says so in its message.
      const why = error.cause instanceof Error ? error.cause.message : error.message;
      throw new FeedParseError(`${sourceName(kind, source)} sent a feed that could not be read (${why})`);
    }
    throw error;
  }
  if (!output.ok) throw new FeedParseError(output.problem);
  return output.items as FeedItemsOf[K][];
}
