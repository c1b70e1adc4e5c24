import { useCallback, useEffect, useRef } from 'react';
import type { CompressAnswer } from './compress-rules.ts';

export type CompressResult = Extract<CompressAnswer, { ok: true }>;

/**
 * The compressor's background worker, started at the first compression (so the page loads none of it) and
 * ended with the page. `compress` resolves with the worker's answer; a worker that cannot start or crashes
 * fails the pending request.
 */
export function useImageCompressor() {
  const worker = useRef<Worker | undefined>(undefined);
  const pending = useRef(new Map<number, (answer: CompressAnswer) => void>());
  const nextId = useRef(1);

  useEffect(
    () => () => {
      worker.current?.terminate();
      worker.current = undefined;
    },
    [],
  );

  const started = useCallback((): Worker => {
    if (worker.current) return worker.current;
    const created = new Worker(new URL('./compress.worker.ts', import.meta.url), { type: 'module' });
    created.onmessage = (event: MessageEvent<CompressAnswer>) => {
      const settle = pending.current.get(event.data.id);
      pending.current.delete(event.data.id);
      settle?.(event.data);
    };
    created.onerror = (event) => {
      console.error('Image compression worker failed:', event.message);
      for (const [id, settle] of pending.current) settle({ id, ok: false, message: '' });
      pending.current.clear();
      created.terminate();
      worker.current = undefined;
    };
    worker.current = created;
    return created;
  }, []);

  return useCallback(
    (file: Blob, maxSizeMB: number): Promise<CompressAnswer> =>
      new Promise((resolve) => {
        const id = nextId.current++;
        pending.current.set(id, resolve);
        try {
          started().postMessage({ id, file, maxSizeMB });
        } catch (error) {
          console.error('Image compression worker could not start:', error);
          pending.current.delete(id);
          resolve({ id, ok: false, message: '' });
        }
      }),
    [started],
  );
}
