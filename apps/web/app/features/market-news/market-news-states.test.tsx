import { render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { StockNewsList, stockNewsFailed } from './StockNewsList.tsx';
import { TrendingNow, trendsFailed } from './TrendingNow.tsx';
import { VideoTitles, videosFailed } from './VideoTitles.tsx';

const site = { name: 'Hurry Up', baseUrl: 'http://localhost', ads: { slots: {} } };

function renderInRouter(element: React.ReactElement) {
  const Stub = createRoutesStub([
    { id: 'root', path: '/', loader: () => ({ site, nonce: undefined }), Component: () => element },
  ]);
  return render(<Stub initialEntries={['/']} />);
}

// Visitors read plain words: no setting names, admin paths or docs files (those are the operator's).
const internals = /FEEDS_REFRESH_MINUTES|\/api\/|operations\.md|operator|admin/i;

describe('nothing fetched yet', () => {
  it('stock news says so plainly, and nothing internal', async () => {
    renderInRouter(<StockNewsList news={{ news: [], fetchedAt: null }} error={undefined} />);
    expect((await screen.findByRole('status')).textContent).toMatch(/^No stock news has been fetched yet\./);
    expect(screen.getByRole('status').textContent).not.toMatch(internals);
    expect(screen.queryByRole('listitem')).toBeNull();
    expect(screen.getByRole('link', { name: 'Read the disclaimer' }).getAttribute('href')).toBe(
      '/disclaimer',
    );
  });

  it('Trending Now keeps its text area empty and its Play button disabled', async () => {
    renderInRouter(
      <TrendingNow trends={{ text: '', rows: 20, count: 0, fetchedAt: null }} error={undefined} />,
    );
    expect((await screen.findByRole('status')).textContent).toMatch(/^No trends have been fetched yet\./);
    expect(screen.getByRole('status').textContent).not.toMatch(internals);
    expect((screen.getByLabelText('Trending searches') as HTMLTextAreaElement).value).toBe('');
    const play = screen.getByRole('button', { name: 'Play trending searches' }) as HTMLButtonElement;
    expect(play.disabled).toBe(true);
    expect(play.textContent).toBe('Play');
  });

  it('captions shows no list and a disabled Play button', async () => {
    renderInRouter(
      <VideoTitles captions={{ status: 'success', videos: [], fetchedAt: null }} error={undefined} />,
    );
    expect((await screen.findByRole('status')).textContent).toMatch(
      /^No video titles have been fetched yet\./,
    );
    expect((screen.getByRole('button', { name: 'Play video titles' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });
});

describe('failures replace the content with their text', () => {
  it("stock news: 'Failed to fetch stock news'", async () => {
    renderInRouter(<StockNewsList news={{ news: [], fetchedAt: null }} error={stockNewsFailed} />);
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to fetch stock news');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('trends and captions name what failed', async () => {
    renderInRouter(
      <TrendingNow trends={{ text: '', rows: 30, count: 0, fetchedAt: null }} error={trendsFailed} />,
    );
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to fetch trends.');
    expect((screen.getByLabelText('Rows per page') as HTMLSelectElement).value).toBe('30');
  });

  it('captions', async () => {
    renderInRouter(
      <VideoTitles captions={{ status: 'success', videos: [], fetchedAt: null }} error={videosFailed} />,
    );
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to fetch video titles.');
  });
});

describe('with stored items', () => {
  it('shows when the feed was last fetched, in India time', async () => {
    renderInRouter(
      <VideoTitles
        captions={{
          status: 'success',
          videos: [{ title: 'Budget 2027 explained' }],
          fetchedAt: '2026-11-20T10:35:00.000Z',
        }}
        error={undefined}
      />,
    );
    expect((await screen.findByText(/updated/)).textContent).toMatch(/updated 20 Nov 2026, 4:05\s?pm IST/i);
    expect(screen.getByRole('listitem').textContent).toBe('Budget 2027 explained');
    expect((screen.getByRole('button', { name: 'Play video titles' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });
});
