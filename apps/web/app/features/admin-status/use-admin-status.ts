import type { AdminStatus } from '@hurryup/contracts/admin-status';
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../shared/api-error.ts';
import { callApiLazily } from '../../shared/lazy-api-client.ts';

export type StatusState =
  | { kind: 'loading' }
  | { kind: 'signed-out' }
  | { kind: 'failed'; text: string }
  | { kind: 'loaded'; status: AdminStatus; refreshing: boolean };

/**
 * The admin status, read with the operator's session cookie (same origin) when the screen opens and on
 * 'Refresh'. 401 means not signed in; anything else that fails says so in words.
 */
export function useAdminStatus(): { state: StatusState; refresh(): void } {
  const [state, setState] = useState<StatusState>({ kind: 'loading' });
  const load = useCallback(async () => {
    setState((before) => (before.kind === 'loaded' ? { ...before, refreshing: true } : { kind: 'loading' }));
    try {
      const status = await callApiLazily(() =>
        import('@hurryup/contracts/admin-status').then((c) => c.readAdminStatus),
      );
      setState({ kind: 'loaded', status, refreshing: false });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) setState({ kind: 'signed-out' });
      else
        setState({
          kind: 'failed',
          text: `The status could not be read. ${error instanceof ApiError ? error.message : 'Try again.'}`,
        });
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  return { state, refresh: () => void load() };
}
