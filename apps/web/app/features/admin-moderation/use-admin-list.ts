import { useCallback, useEffect, useRef, useState } from 'react';
import { type CallProblem, problemOf } from './admin-call.ts';

/**
 * A console screen's list: loaded from the admin API after the page has rendered (the console's HTML is
 * the same for everyone; the session cookie authenticates the calls), loaded again when `load` changes
 * (a filter, a page), with what failed in words. `update` replaces one item after an action.
 */
export function useAdminList<T>(load: () => Promise<T[]>, failedText: string) {
  const [items, setItems] = useState<T[] | undefined>(undefined);
  const [loading, setLoading] = useState(true);
  const [problem, setProblem] = useState<CallProblem | undefined>(undefined);
  const latest = useRef(0);
  const reload = useCallback(async () => {
    const call = ++latest.current;
    setLoading(true);
    try {
      const loaded = await load();
      if (call !== latest.current) return;
      setItems(loaded);
      setProblem(undefined);
    } catch (error) {
      if (call !== latest.current) return;
      setProblem(problemOf(error, failedText));
    } finally {
      if (call === latest.current) setLoading(false);
    }
  }, [load, failedText]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { items, setItems, loading, problem, setProblem, reload };
}
