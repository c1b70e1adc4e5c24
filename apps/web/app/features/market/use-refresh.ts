import { useEffect, useRef } from 'react';

/** Calls `refresh` every `intervalMs` while the page is open (the specification's refresh intervals). */
export function useRefresh(refresh: (signal: AbortSignal) => Promise<void>, intervalMs: number) {
  const latest = useRef(refresh);
  latest.current = refresh;
  useEffect(() => {
    const controller = new AbortController();
    const timer = setInterval(() => void latest.current(controller.signal), intervalMs);
    return () => {
      clearInterval(timer);
      controller.abort();
    };
  }, [intervalMs]);
}
