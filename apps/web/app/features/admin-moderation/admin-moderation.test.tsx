import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CommentsQueue } from './CommentsQueue.tsx';
import { InboxScreen } from './InboxScreen.tsx';
import { ReportsScreen } from './ReportsScreen.tsx';
import { ShortLinksScreen } from './ShortLinksScreen.tsx';

vi.mock('../../shared/use-site.ts', () => ({
  useSite: () => ({ name: 'Hurry Up', baseUrl: 'https://hurryup.example', ads: { slots: {} } }),
}));

const json = (status: number, body: unknown) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

/** The calls the screen made, as `METHOD path?query` with their JSON bodies. */
let calls: { call: string; body: unknown }[];
/** A fake admin API: each answer by `METHOD path` (the query left out), or 404. */
function fakeApi(answers: Record<string, (body: unknown) => Response>) {
  calls = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ call: `${method} ${url}`, body });
    const answer = answers[`${method} ${url.split('?')[0]}`];
    return answer ? answer(body) : json(404, { error: 'Not found', code: 'NOT_FOUND' });
  });
}

beforeEach(() => {
  calls = [];
});
afterEach(() => vi.restoreAllMocks());
/** The first call loads the API client, its contract and zod: on a busy machine that takes a while. */
const loaded = { timeout: 15_000 };

const link = (over: Record<string, unknown> = {}) => ({
  code: 'Ab3dE9x',
  shortUrl: 'https://hurryup.example/s/Ab3dE9x',
  longUrl: 'https://phish.example/login',
  createdAt: '2026-11-27T08:00:00.000Z',
  clicks: 12,
  reports: 2,
  disabled: false,
  disabledAt: null,
  ...over,
});

describe('the short links screen', () => {
  it('lists links with clicks and reports, disables one, and deletes one after confirming', async () => {
    fakeApi({
      'GET /api/admin/short-links': () =>
        json(200, [link(), link({ code: 'other-link', reports: 0, clicks: 1 })]),
      'PATCH /api/admin/short-links/Ab3dE9x': (body) =>
        json(
          200,
          link({
            disabled: (body as { disabled: boolean }).disabled,
            disabledAt: '2026-11-27T09:00:00.000Z',
          }),
        ),
      'DELETE /api/admin/short-links/other-link': () => json(204, null),
    });
    render(<ShortLinksScreen />);
    const item = (await screen.findByRole('link', { name: '/s/Ab3dE9x' }, loaded)).closest('li')!;
    expect(within(item).getByRole('link', { name: '/s/Ab3dE9x' }).getAttribute('href')).toBe('/s/Ab3dE9x+');
    expect(item.textContent).toContain('https://phish.example/login');
    expect(item.textContent).toContain('12 clicks');
    expect(item.textContent).toContain('2 reports');
    expect(calls[0]!.call).toBe('GET /api/admin/short-links?limit=50&offset=0');

    fireEvent.click(within(item).getByRole('button', { name: 'Disable /s/Ab3dE9x' }));
    await waitFor(() => expect(within(item).getByText('Disabled')).toBeTruthy());
    expect(calls.at(-1)).toEqual({ call: 'PATCH /api/admin/short-links/Ab3dE9x', body: { disabled: true } });
    expect(screen.getByRole('status').textContent).toBe('Short link Ab3dE9x disabled.');
    expect(within(item).getByRole('button', { name: 'Enable /s/Ab3dE9x' })).toBeTruthy();

    // Delete asks first; Cancel changes nothing.
    fireEvent.click(screen.getByRole('button', { name: 'Delete /s/other-link' }));
    expect(screen.getByText('Delete /s/other-link for good?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.call.startsWith('DELETE'))).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Delete /s/other-link' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, delete' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: '/s/other-link' })).toBeNull());
    expect(calls.at(-1)!.call).toBe('DELETE /api/admin/short-links/other-link');
    expect(screen.getByRole('status').textContent).toBe('Short link other-link deleted.');
  });

  it('says the operator must sign in, with a link to /admin, when the API answers 401', async () => {
    fakeApi({
      'GET /api/admin/short-links': () => json(401, { error: 'Sign in first.', code: 'UNAUTHORIZED' }),
    });
    render(<ShortLinksScreen />);
    const alert = await screen.findByRole('alert', {}, loaded);
    expect(alert.textContent).toContain('You are not signed in, or your session has ended.');
    expect(within(alert).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/admin');
  });

  it('shows the server’s words when an action fails, and offers the next page when this one is full', async () => {
    fakeApi({
      'GET /api/admin/short-links': () =>
        json(
          200,
          Array.from({ length: 50 }, (_, i) => link({ code: `code-${i}` })),
        ),
      'PATCH /api/admin/short-links/code-0': () =>
        json(404, { error: 'There is no short link at this address.', code: 'NOT_FOUND' }),
    });
    render(<ShortLinksScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Disable /s/code-0' }, loaded));
    expect((await screen.findByRole('alert', {}, loaded)).textContent).toBe(
      'There is no short link at this address.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Older' }));
    await waitFor(() => expect(calls.at(-1)!.call).toBe('GET /api/admin/short-links?limit=50&offset=50'));
  });
});

const comment = (over: Record<string, unknown> = {}) => ({
  id: 7,
  comment: 'Buy followers cheap',
  createdAt: '2026-11-27T08:00:00.000Z',
  imageUrl: '/content/images/gallery/rsi.png',
  hidden: false,
  imagePagePath: '/image/%2Fcontent%2Fimages%2Fgallery%2Frsi.png',
  reports: 3,
  ...over,
});

describe('the comments queue', () => {
  it('lists comments with their image page and reports, filters, hides, shows again and deletes', async () => {
    fakeApi({
      'GET /api/admin/comments': () =>
        json(200, [comment(), comment({ id: 6, comment: 'Nice chart', reports: 0 })]),
      'PATCH /api/admin/comments/7': (body) =>
        json(200, { ...comment(), hidden: (body as { hidden: boolean }).hidden }),
      'DELETE /api/admin/comments/6': () => json(204, null),
    });
    render(<CommentsQueue />);
    const item = (await screen.findByText('Buy followers cheap', {}, loaded)).closest('li')!;
    expect(within(item).getByText('3 reports')).toBeTruthy();
    expect(
      within(item).getByRole('link', { name: '/content/images/gallery/rsi.png' }).getAttribute('href'),
    ).toBe('/image/%2Fcontent%2Fimages%2Fgallery%2Frsi.png');
    expect(calls[0]!.call).toBe('GET /api/admin/comments?shown=all&limit=50&offset=0');

    fireEvent.click(within(item).getByRole('button', { name: 'Hide comment 7' }));
    await waitFor(() => expect(within(item).getByText('Hidden')).toBeTruthy());
    expect(calls.at(-1)).toEqual({ call: 'PATCH /api/admin/comments/7', body: { hidden: true } });
    fireEvent.click(within(item).getByRole('button', { name: 'Show comment 7' }));
    await waitFor(() => expect(within(item).getByText('Visible')).toBeTruthy());
    expect(calls.at(-1)).toEqual({ call: 'PATCH /api/admin/comments/7', body: { hidden: false } });

    fireEvent.click(screen.getByRole('button', { name: 'Delete comment 6' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, delete' }));
    await waitFor(() => expect(screen.queryByText('Nice chart')).toBeNull());

    fireEvent.change(screen.getByLabelText('Image URL'), {
      target: { value: ' /content/images/gallery/rsi.png ' },
    });
    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'hidden' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() =>
      expect(calls.at(-1)!.call).toBe(
        'GET /api/admin/comments?imageUrl=%2Fcontent%2Fimages%2Fgallery%2Frsi.png&shown=hidden&limit=50&offset=0',
      ),
    );
  });
});

const reportOf = (over: Record<string, unknown> = {}) => ({
  kind: 'comment',
  key: '7',
  reports: 2,
  open: 2,
  status: 'open',
  firstReportedAt: '2026-11-27T08:00:00.000Z',
  lastReportedAt: '2026-11-27T08:30:00.000Z',
  item: { text: 'Buy followers cheap', path: '/image/x', state: 'visible' },
  ...over,
});

describe('the reports screen', () => {
  it('hides a reported comment and closes its reports, disables a reported link, and dismisses', async () => {
    const linkReport = reportOf({
      kind: 'short-link',
      key: 'Ab3dE9x',
      reports: 1,
      open: 1,
      item: { text: 'https://phish.example/login', path: '/s/Ab3dE9x+', state: 'active' },
    });
    const deleted = reportOf({ key: '9', reports: 1, open: 1, item: null });
    fakeApi({
      'GET /api/admin/reports': () => json(200, [reportOf(), linkReport, deleted]),
      'PATCH /api/admin/comments/7': () => json(200, { ...comment(), hidden: true }),
      'PATCH /api/admin/short-links/Ab3dE9x': () => json(200, link({ disabled: true })),
      'PATCH /api/admin/reports/comment/7': () => json(200, reportOf({ open: 0, status: 'closed' })),
      'PATCH /api/admin/reports/short-link/Ab3dE9x': () =>
        json(200, { ...linkReport, open: 0, status: 'closed' }),
      'PATCH /api/admin/reports/comment/9': () => json(200, { ...deleted, open: 0, status: 'closed' }),
    });
    render(<ReportsScreen />);
    const item = (await screen.findByRole('link', { name: 'Comment 7' }, loaded)).closest('li')!;
    expect(within(item).getByRole('link', { name: 'Comment 7' }).getAttribute('href')).toBe('/image/x');
    expect(item.textContent).toContain('2 reports');
    expect(calls[0]!.call).toBe('GET /api/admin/reports?status=open&limit=50&offset=0');
    fireEvent.click(within(item).getByRole('button', { name: 'Hide comment 7' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Comment 7' })).toBeNull());
    expect(calls.slice(-2)).toEqual([
      { call: 'PATCH /api/admin/comments/7', body: { hidden: true } },
      { call: 'PATCH /api/admin/reports/comment/7', body: { status: 'closed' } },
    ]);
    expect(screen.getByRole('status').textContent).toBe('Comment 7 hidden; its reports are closed.');

    fireEvent.click(screen.getByRole('button', { name: 'Disable short link /s/ab3de9x' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Short link /s/Ab3dE9x' })).toBeNull());
    expect(calls.slice(-2)).toEqual([
      { call: 'PATCH /api/admin/short-links/Ab3dE9x', body: { disabled: true } },
      { call: 'PATCH /api/admin/reports/short-link/Ab3dE9x', body: { status: 'closed' } },
    ]);

    // A deleted item can only be dismissed.
    const gone = screen.getByText('This item was deleted.').closest('li')!;
    expect(within(gone).queryByRole('button', { name: /Hide/ })).toBeNull();
    fireEvent.click(within(gone).getByRole('button', { name: 'Dismiss reports of comment 9' }));
    await waitFor(() => expect(screen.getByText('No reports here.')).toBeTruthy());
    expect(calls.at(-1)).toEqual({ call: 'PATCH /api/admin/reports/comment/9', body: { status: 'closed' } });
  });
});

const message = (over: Record<string, unknown> = {}) => ({
  id: 3,
  email: 'asha@example.in',
  message: 'Is the rice offer valid in Pune?\nThanks',
  receivedAt: '2026-11-27T08:00:00.000Z',
  read: false,
  delivery: {
    mailId: 11,
    status: 'failed',
    attempts: 10,
    nextAttemptAt: '2026-11-27T09:00:00.000Z',
    sentAt: null,
    lastError: 'ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:25',
  },
  ...over,
});

describe('the inbox', () => {
  it('shows messages with their delivery, replies by mailto:, marks read, and retries a failed delivery', async () => {
    fakeApi({
      'GET /api/admin/contact-messages': () =>
        json(200, [
          message(),
          message({
            id: 2,
            email: 'ravi@example.in',
            read: true,
            delivery: {
              ...message().delivery,
              status: 'sent',
              attempts: 1,
              sentAt: '2026-11-27T07:00:00.000Z',
              lastError: null,
            },
          }),
        ]),
      'PATCH /api/admin/contact-messages/3': (body) =>
        json(200, message({ read: (body as { read: boolean }).read })),
      'POST /api/admin/contact-messages/3/retry': () =>
        json(
          200,
          message({ read: true, delivery: { ...message().delivery, status: 'pending', attempts: 0 } }),
        ),
    });
    render(<InboxScreen />);
    const item = (await screen.findByText('From asha@example.in', {}, loaded)).closest('li')!;
    expect(item.textContent).toContain('Is the rice offer valid in Pune?');
    expect(item.textContent).toContain('Delivery failed after 10 tries: ECONNREFUSED');
    expect(within(item).getByText('Unread')).toBeTruthy();
    const reply = within(item).getByRole('link', { name: 'Reply to asha@example.in' }).getAttribute('href')!;
    expect(
      reply.startsWith('mailto:asha%40example.in?subject=Re%3A%20your%20message%20to%20Hurry%20Up&body='),
    ).toBe(true);
    expect(decodeURIComponent(reply)).toContain('> Is the rice offer valid in Pune?\n> Thanks');
    const sent = screen.getByText('From ravi@example.in').closest('li')!;
    expect(sent.textContent).toContain('Delivered by e-mail');
    expect(within(sent).queryByRole('button', { name: /Try the delivery/ })).toBeNull();

    fireEvent.click(within(item).getByRole('button', { name: 'Mark the message from asha@example.in read' }));
    await waitFor(() => expect(within(item).getByText('Read')).toBeTruthy());
    expect(calls.at(-1)).toEqual({ call: 'PATCH /api/admin/contact-messages/3', body: { read: true } });

    fireEvent.click(
      within(item).getByRole('button', {
        name: 'Try the delivery of the message from asha@example.in again',
      }),
    );
    await waitFor(() => expect(item.textContent).toContain('Waiting to be delivered by e-mail.'));
    expect(calls.at(-1)!.call).toBe('POST /api/admin/contact-messages/3/retry');
    expect(screen.getByRole('status').textContent).toBe(
      'The message from asha@example.in will be delivered again.',
    );
  });
});
