import { fireEvent, render, screen, within } from '@testing-library/react';
import { createRoutesStub, RouterContextProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AppLoadContext, appContext, type PageData } from '#load-context';
import HomePage, { loader } from './home.tsx';

const site = { name: 'Hurry Up', baseUrl: 'http://localhost', ads: { slots: {} } };
const today = '2026-11-24';
const news = [
  { entryId: 3, id: 9, text: 'Ad then target', validity: today, alink: '/offers', flink: '/blog' },
  { entryId: 2, id: 8, text: 'Target only', validity: today, flink: 'https://example.com/' },
  { entryId: 1, id: 7, text: 'Plain text', validity: today },
];
const holidays = [
  { id: 1, date: '2025-10-02', occasion: 'Gandhi Jayanti', description: 'Exchanges closed' },
  { id: 2, date: '2026-11-24', occasion: 'Martyrdom Day', description: 'Offices closed' },
  { id: 3, date: '2026-12-25', occasion: 'Christmas', description: 'Banks closed' },
];
const rains = [{ id: 1, date: '2026-11-23', name: 'Pune', description: 'Yesterday' }];

function contextWith(reader: Partial<PageData['dailyNews']>) {
  const log = { error: vi.fn(), warn: vi.fn(), info: vi.fn() };
  const context = new RouterContextProvider();
  context.set(appContext, {
    site,
    nonce: undefined,
    shared: true,
    pageData: { dailyNews: { today: () => today, ...reader } } as unknown as PageData,
    log,
  } satisfies AppLoadContext);
  return { context, log };
}
const args = (context: RouterContextProvider) =>
  ({
    context,
    request: new Request('http://localhost/'),
    url: new URL('http://localhost/'),
    pattern: '/',
    params: {},
  }) as never;
const failing = () => Promise.reject(new Error('database is down'));

function renderHome(loaderData: unknown) {
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      loader: () => ({ site, nonce: undefined }),
      HydrateFallback: () => null,
      children: [{ index: true, loader: () => loaderData, Component: HomePage as React.ComponentType }],
    },
  ]);
  return render(<Stub initialEntries={['/']} />);
}

afterEach(() => vi.useRealTimers());

describe('the home loader', () => {
  it('leaves out the boxes whose records failed, logs it, and keeps the page out of the page cache', async () => {
    const { context, log } = contextWith({
      news: async () => news,
      holidays: failing,
      rains: async () => rains,
    });
    const answer = (await loader(args(context))) as unknown as {
      data: Record<string, unknown>;
      init: { headers: Record<string, string> };
    };
    expect(answer.data).toMatchObject({ today, news, rains, holidays: undefined });
    expect(Date.parse(answer.init.headers['x-page-expires']!)).toBe(0);
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ route: '/' }),
      'Error fetching holidays for the home page',
    );
  });

  it("answers 'Error fetching news' with a 500 when the news cannot be read", async () => {
    const { context } = contextWith({ news: failing, holidays: async () => [], rains: async () => [] });
    const answer = (await loader(args(context))) as unknown as { data: unknown; init: unknown };
    expect(answer.data).toEqual({ today, news: [], error: 'Error fetching news' });
    expect(answer.init).toEqual({ status: 500 });
  });

  it('may be kept when every read succeeded', async () => {
    const { context } = contextWith({
      news: async () => news,
      holidays: async () => holidays,
      rains: async () => rains,
    });
    const answer = (await loader(args(context))) as unknown as { init?: { headers?: unknown } | null };
    expect(answer.init?.headers).toBeUndefined();
  });
});

describe('the home page', () => {
  it('shows the holiday dated today or later, and no rain box for a past rain', async () => {
    renderHome({ today, news, holidays, rains });
    const box = await screen.findByRole('region', { name: 'Holiday Today' });
    expect(within(box).getByText('Martyrdom Day')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Rain Today' })).toBeNull();
  });

  it("says 'Coming up:' and the date, not 'Today', for a holiday or rain after today", async () => {
    renderHome({
      today,
      news,
      holidays: holidays.filter((h) => h.date !== today),
      rains: [{ id: 2, date: '2026-11-30', name: 'Mumbai', description: 'Heavy showers' }],
    });
    const holiday = await screen.findByRole('region', { name: 'Coming up: Friday, 25 December 2026' });
    expect(within(holiday).getByText('Christmas')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Coming up: Monday, 30 November 2026' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: /Today/ })).toBeNull();
  });

  it('has no boxes when their records could not be read', async () => {
    renderHome({ today, news, holidays: undefined, rains: undefined });
    await screen.findByText('Plain text');
    expect(screen.queryByRole('region', { name: 'Holiday Today' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Rain Today' })).toBeNull();
  });

  it('renders each kind of news card', async () => {
    renderHome({ today, news, holidays: [], rains: [] });
    const both = await screen.findByRole('link', { name: 'Ad then target' });
    expect(both.getAttribute('href')).toBe('/offers');
    expect(both.getAttribute('target')).toBe('_blank');
    const target = screen.getByRole('link', { name: 'Target only' });
    expect([target.getAttribute('href'), target.getAttribute('target')]).toEqual([
      'https://example.com/',
      '_blank',
    ]);
    expect(screen.queryByRole('link', { name: 'Plain text' })).toBeNull();
  });

  it('opens the ad link at once and the target 2 seconds later', async () => {
    renderHome({ today, news, holidays: [], rains: [] });
    const both = await screen.findByRole('link', { name: 'Ad then target' });
    vi.useFakeTimers();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    fireEvent.click(both);
    expect(open.mock.calls.map((call) => call[0])).toEqual(['/offers']);
    vi.advanceTimersByTime(1999);
    expect(open).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(open.mock.calls.map((call) => call[0])).toEqual(['/offers', '/blog']);
    open.mockRestore();
  });

  it('says so when there is no news, and shows the failure text in place of the cards', async () => {
    const { unmount } = renderHome({ today, news: [], holidays: [], rains: [] });
    expect(await screen.findByText('No news today. Please come back tomorrow.')).toBeTruthy();
    expect((screen.getByRole('button', { name: /Read all news aloud/ }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    unmount();
    renderHome({ today, news: [], error: 'Error fetching news' });
    expect((await screen.findByRole('alert')).textContent).toBe('Error fetching news');
  });
});
