import type { AdminStatus } from '@hurryup/contracts/admin-status';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AdminStatusScreen } from './AdminStatusScreen.tsx';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const status: AdminStatus = {
  generatedAt: '2026-11-27T09:30:00.000Z',
  readiness: {
    status: 'degraded',
    checks: {
      database: { state: 'ok', required: true },
      worker: { state: 'failing', required: false, message: 'No worker has reported.' },
      'holiday-calendar': {
        state: 'warning',
        required: false,
        message: 'The holiday calendar ends on 2026-12-25: 28 days left.',
      },
    },
  },
  warnings: [
    { check: 'worker', state: 'failing', message: 'No worker has reported.' },
    {
      check: 'holiday-calendar',
      state: 'warning',
      message: 'The holiday calendar ends on 2026-12-25: 28 days left.',
    },
  ],
  jobs: [
    {
      name: 'mail.deliver',
      everyMs: 30_000,
      nextRunAt: '2026-11-27T09:30:30.000Z',
      lastRun: {
        dueAt: '2026-11-27T09:30:00.000Z',
        startedAt: '2026-11-27T09:30:00.400Z',
        finishedAt: '2026-11-27T09:30:01.600Z',
        outcome: 'succeeded',
        error: null,
        attempt: 1,
        lagMs: 400,
        durationMs: 1_200,
      },
      runs: 120,
      failures: 0,
    },
    {
      name: 'market-news.news',
      everyMs: 1_800_000,
      nextRunAt: '2026-11-27T10:00:00.000Z',
      lastRun: {
        dueAt: '2026-11-27T09:00:00.000Z',
        startedAt: '2026-11-27T09:00:00.000Z',
        finishedAt: '2026-11-27T09:00:10.000Z',
        outcome: 'failed',
        error: 'https://news.example.in/rss: the feed answered 503',
        attempt: 1,
        lagMs: 0,
        durationMs: 10_000,
      },
      runs: 3,
      failures: 2,
    },
    {
      name: 'backup.write',
      everyMs: null,
      nextRunAt: null,
      lastRun: null,
      runs: 0,
      failures: 0,
    },
  ],
  engines: {
    where: 'this process',
    reportedAt: null,
    threadBudget: 3,
    engines: [
      {
        name: 'ocr',
        threads: 1,
        running: 1,
        waiting: 2,
        completed: 40,
        failed: 1,
        timedOut: 0,
        refused: 3,
        averageMs: 4_200,
      },
    ],
  },
  settings: [
    { name: 'SITE_NAME', owner: 'site', state: 'set', value: 'Hurry Up', secret: false },
    { name: 'PORT', owner: 'site', state: 'default', value: '3000', secret: false },
    { name: 'SMTP_URL', owner: 'site', state: 'set', value: null, secret: true },
    { name: 'YOUTUBE_API_KEY', owner: 'market-news', state: 'unset', value: null, secret: true },
  ],
};

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const row = (table: string, name: string) =>
  within(screen.getByRole('table', { name: table })).getByRole('row', { name: new RegExp(`^${name}`) });

describe('the status screen', () => {
  it('reads the status with the session cookie and shows the warnings first, then every part', async () => {
    fetchMock.mockResolvedValue(json(200, status));
    render(<AdminStatusScreen />);
    expect(screen.getByText('Loading the status…')).toBeTruthy();
    await screen.findByRole('heading', { name: 'Warnings' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe('/api/admin/status');
    expect((init as RequestInit | undefined)?.credentials ?? 'same-origin').toBe('same-origin');

    // Warnings at a glance, with their messages.
    expect(
      screen.getByText('The holiday calendar ends on 2026-12-25: 28 days left.', { selector: 'p' }),
    ).toBeTruthy();
    expect(screen.getByText('No worker has reported.', { selector: 'p' })).toBeTruthy();
    expect(screen.getByText(/^Degraded: the site serves/)).toBeTruthy();
    expect(row('Readiness checks', 'database').textContent).toContain('OK (required)');

    // Jobs: last run, result, next run.
    const mail = row('Jobs', 'mail.deliver').textContent;
    expect(mail).toContain('every 30 s');
    expect(mail).toContain('2026-11-27 09:30 UTC');
    expect(mail).toContain('started 400 ms after due');
    expect(mail).toContain('Succeeded in 1.2 s');
    expect(row('Jobs', 'market-news.news').textContent).toContain(
      'Failed in 10 s: https://news.example.in/rss: the feed answered 503',
    );
    expect(row('Jobs', 'market-news.news').textContent).toContain('3 (2 failed)');
    expect(row('Jobs', 'backup.write').textContent).toContain('Not run yet');

    // Engines: queues and failures.
    expect(screen.getByText('Engine tasks run in this process, with 3 threads at most.')).toBeTruthy();
    // Threads, running, waiting, done, failed, timed out, refused, average.
    expect(
      within(row('Engines', 'ocr'))
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['1', '1', '2', '40', '1', '0', '3', '4.2 s']);

    // Settings: values in effect, secrets never.
    expect(row('Settings in effect', 'SITE_NAME').textContent).toContain('Hurry Up');
    expect(row('Settings in effect', 'PORT').textContent).toContain('3000 (default)');
    expect(row('Settings in effect', 'SMTP_URL').textContent).toContain('set (hidden)');
    expect(row('Settings in effect', 'YOUTUBE_API_KEY').textContent).toContain('not set');
  });

  it('says there are no warnings when every check is ok, and reads again on Refresh', async () => {
    const calm: AdminStatus = {
      ...status,
      readiness: { status: 'ready', checks: { database: { state: 'ok', required: true } } },
      warnings: [],
    };
    fetchMock.mockImplementation(async () => json(200, calm));
    render(<AdminStatusScreen />);
    expect(await screen.findByText('No warnings: every check is ok.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    await screen.findByRole('button', { name: 'Refresh' });
  });

  it('asks a signed-out visitor to sign in, with a link to the console', async () => {
    fetchMock.mockResolvedValue(json(401, { error: 'Sign in first.', code: 'UNAUTHORIZED' }));
    render(<AdminStatusScreen />);
    const link = await screen.findByRole('link', { name: 'sign in' });
    expect(link.getAttribute('href')).toBe('/admin');
    expect(link.parentElement?.textContent).toBe("Sign in to see the site's status: sign in.");
  });

  it('says in words when the status cannot be read, and tries again', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    render(<AdminStatusScreen />);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The status could not be read. Could not reach the server. Check your connection.',
    );
    fetchMock.mockImplementation(async () => json(200, status));
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('heading', { name: 'Warnings' });
  });
});
