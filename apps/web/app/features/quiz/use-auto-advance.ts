import { useEffect, useRef } from 'react';

/**
 * Calls `advance` once `delayMs` after `key` last changed (section 4: the quiz moves on by itself after
 * 200,000 ms on one question). A new key starts the wait again; `enabled` false (the last question) stops it.
 */
export function useAutoAdvance(key: unknown, advance: () => void, delayMs: number, enabled = true) {
  const latest = useRef(advance);
  latest.current = advance;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new key must start the wait again
  useEffect(() => {
    if (!enabled) return;
    const timer = setTimeout(() => latest.current(), delayMs);
    return () => clearTimeout(timer);
  }, [key, delayMs, enabled]);
}
