import { useEffect, useRef } from 'react';

/**
 * Calls `refresh` every `intervalMs` while the page is open (the specification's refresh intervals),
 * counted from when the data shown was had: the document's start for the page the server sent (which may
 * hydrate later, at first use: decision 0018), the mount for a page reached by a client-side navigation.
 */
export function useRefresh(refresh: (signal: AbortSignal) => Promise<void>, intervalMs: number) {
  const latest = useRef(refresh);
  latest.current = refresh;
  // Read in the first render: the root layout marks the document hydrated only after it has committed.
  const fromServer = useRef(
    typeof document !== 'undefined' && document.documentElement.dataset.hydrated !== 'true',
  );
  useEffect(() => {
    const controller = new AbortController();
    let interval: ReturnType<typeof setInterval> | undefined;
    const shownFor = fromServer.current ? performance.now() : 0;
    fromServer.current = false;
    const first = setTimeout(
      () => {
        void latest.current(controller.signal);
        interval = setInterval(() => void latest.current(controller.signal), intervalMs);
      },
      Math.max(0, intervalMs - shownFor),
    );
    return () => {
      clearTimeout(first);
      clearInterval(interval);
      controller.abort();
    };
  }, [intervalMs]);
}
