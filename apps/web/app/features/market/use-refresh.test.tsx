import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useRefresh } from './use-refresh.ts';

function Refreshing({ calls }: { calls: number[] }) {
  useRefresh(async () => {
    calls.push(performance.now());
  }, 300_000);
  return null;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  delete document.documentElement.dataset.hydrated;
});

describe('useRefresh', () => {
  it('counts the first refresh from the document start on the page the server sent, however late it hydrates', () => {
    // The page hydrated 100 s after it was loaded (at first use): the root layout has not marked it yet.
    vi.spyOn(performance, 'now').mockReturnValue(100_000);
    const calls: number[] = [];
    const { unmount } = render(<Refreshing calls={calls} />);
    vi.advanceTimersByTime(199_999);
    expect(calls).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(calls).toHaveLength(1);
    vi.advanceTimersByTime(300_000);
    expect(calls).toHaveLength(2);
    unmount();
    vi.advanceTimersByTime(600_000);
    expect(calls).toHaveLength(2);
  });

  it('refreshes at once when hydrating after the refresh was due', () => {
    vi.spyOn(performance, 'now').mockReturnValue(450_000);
    const calls: number[] = [];
    render(<Refreshing calls={calls} />);
    vi.advanceTimersByTime(0);
    expect(calls).toHaveLength(1);
    vi.advanceTimersByTime(300_000);
    expect(calls).toHaveLength(2);
  });

  it('counts from the mount on a page reached by a client-side navigation (its data is fresh)', () => {
    document.documentElement.dataset.hydrated = 'true';
    vi.spyOn(performance, 'now').mockReturnValue(100_000);
    const calls: number[] = [];
    render(<Refreshing calls={calls} />);
    vi.advanceTimersByTime(299_999);
    expect(calls).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(calls).toHaveLength(1);
  });
});
