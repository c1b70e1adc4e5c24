import { indiaDate } from '@hurryup/contracts/daily-news-rules';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { getJson } from './api.ts';
import { expectNoSeriousAxeViolations, openBrowserSession, waitForHydration } from './browser.ts';
import { startServer, stopServer } from './global-setup.ts';

const baseUrl = inject('baseUrl');
const session = openBrowserSession();
const dayMs = 86_400_000;
// The shared server runs on real time: the test's items are dated from today in India, whatever day that is.
const today = indiaDate(Date.now());
const yesterday = indiaDate(Date.now() - dayMs);
const nextWeek = indiaDate(Date.now() + 7 * dayMs);
const tag = `e2e-${Date.now()}`;

interface NewsItem {
  entryId: number;
  id: number;
  text: string;
  validity: string;
}

async function adminPost(
  path: string,
  body: Record<string, unknown>,
): Promise<{ entryId?: number; id: number }> {
  const res = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${inject('adminToken')}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.status !== 201) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as { entryId?: number; id: number };
}
async function adminDelete(path: string) {
  await fetch(`${baseUrl}${path}`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${inject('adminToken')}` },
  });
}

const texts = {
  both: `${tag} opens the ad, then the story`,
  target: `${tag} opens the story`,
  plain: `${tag} plain text`,
  expired: `${tag} expired yesterday`,
};
const created: string[] = [];

beforeAll(async () => {
  for (const [text, validity, links] of [
    [texts.both, nextWeek, { alink: '/offers', flink: '/blog' }],
    [texts.target, today, { flink: '/devbit' }],
    [texts.plain, today, {}],
    [texts.expired, yesterday, { flink: '/blog' }],
  ] as const) {
    const item = await adminPost('/api/admin/news-items', { id: 900_000, text, validity, ...links });
    created.push(`/api/admin/news-items/${item.entryId}`);
  }
});
afterAll(async () => {
  for (const path of created) await adminDelete(path);
});

/** A speech engine the test drives: the page's utterances are kept, and the test ends them. */
async function withFakeSpeech(page: Page) {
  await page.addInitScript(() => {
    const state = { spoken: [] as string[], cancelled: 0, current: null as SpeechSynthesisUtterance | null };
    Object.assign(window, { speechState: state });
    Object.defineProperty(window, 'speechSynthesis', {
      configurable: true,
      value: {
        speak(utterance: SpeechSynthesisUtterance) {
          state.spoken.push(utterance.text);
          state.current = utterance;
        },
        cancel() {
          state.cancelled += 1;
          state.current = null;
        },
      },
    });
  });
}

describe('daily news home (/)', () => {
  it("is titled 'Hurry Up!' and shows today's news by id descending, never expired news", async () => {
    const page = session.page;
    const response = await page.goto(`${baseUrl}/`);
    expect(response?.status()).toBe(200);
    await waitForHydration(page);
    expect(await page.title()).toBe('Hurry Up!');
    const current = await getJson<NewsItem[]>('/api/news-items');
    expect(current.every((item) => item.validity >= today)).toBe(true);
    expect(current.map((item) => item.text)).not.toContain(texts.expired);
    const cards = await page.locator('.news-list li').allTextContents();
    expect(cards).toEqual(current.map((item) => item.text));
    expect(cards).toEqual(expect.arrayContaining([texts.both, texts.target, texts.plain]));
    expect(await page.getByText(texts.expired).count()).toBe(0);
    // Equal ids keep the order they were stored in.
    expect(cards.filter((text) => text.startsWith(tag))).toEqual([texts.both, texts.target, texts.plain]);
    await expectNoSeriousAxeViolations(page);
  });

  it('shows the holiday and the rain dated today or later in their boxes', async () => {
    const page = session.page;
    await page.goto(`${baseUrl}/`);
    const holiday = (await getJson<{ date: string; occasion: string }[]>('/api/holidays')).find(
      (h) => h.date >= today,
    );
    const rain = (await getJson<{ date: string; name: string }[]>('/api/rains')).find((r) => r.date >= today);
    // 'Holiday Today' / 'Rain Today' for today's; a later date is said plainly ('Coming up: …').
    const boxName = (record: { date: string } | undefined, todayName: string) =>
      record?.date === today ? todayName : /^Coming up: /;
    const holidayBox = page.locator('.daily-news__box--holiday');
    const rainBox = page.locator('.daily-news__box--rain');
    if (holiday)
      expect(await page.getByRole('region', { name: boxName(holiday, 'Holiday Today') }).count()).toBe(1);
    if (rain) expect(await page.getByRole('region', { name: boxName(rain, 'Rain Today') }).count()).toBe(1);
    if (holiday) expect(await holidayBox.textContent()).toContain(holiday.occasion);
    else expect(await holidayBox.count()).toBe(0);
    if (rain) expect(await rainBox.textContent()).toContain(rain.name);
    else expect(await rainBox.count()).toBe(0);
  });

  it('opens the ad link in a new tab, then the story 2 seconds later; a story alone is a plain new-tab link', async () => {
    const page = await session.browser.context.newPage();
    await page.clock.install();
    await page.goto(`${baseUrl}/`);
    await waitForHydration(page);
    const context = session.browser.context;
    const before = context.pages().length;
    // The page's clock stands still from here: the new tab's loading (slow on a busy machine) takes none of
    // the 2 seconds the story waits.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    try {
      const adTab = context.waitForEvent('page');
      await page.getByRole('link', { name: texts.both }).click();
      await (await adTab).waitForURL(/\/offers$/);
      expect(context.pages().length).toBe(before + 1);
      await page.clock.runFor(1900);
      expect(context.pages().length).toBe(before + 1);
      const storyTab = context.waitForEvent('page');
      await page.clock.runFor(100);
      const story = await storyTab;
      await story.waitForURL(/\/blog$/);
      expect(context.pages().length).toBe(before + 2);

      const target = page.getByRole('link', { name: texts.target });
      expect(await target.getAttribute('target')).toBe('_blank');
      expect(await target.getAttribute('href')).toBe('/devbit');
      const oneTab = context.waitForEvent('page');
      await target.click();
      await (await oneTab).waitForURL(/\/devbit$/);
      await page.clock.runFor(3000);
      expect(context.pages().length).toBe(before + 3);
      // A plain card is no link at all.
      expect(await page.getByRole('link', { name: texts.plain }).count()).toBe(0);
      for (const opened of context.pages().slice(before)) await opened.close();
    } finally {
      // The clock is the browser context's: the next tests' pages run on time again.
      await page.clock.resume();
    }
  });

  it('reads all news aloud, stops on a second press and is idle again when the reading ends', async () => {
    const page = await session.browser.context.newPage();
    await withFakeSpeech(page);
    await page.goto(`${baseUrl}/`);
    await waitForHydration(page);
    const read = page.getByRole('button', { name: 'Read all news aloud' });
    await read.click();
    const stop = page.getByRole('button', { name: 'Stop reading' });
    await stop.waitFor();
    const spoken = await page.evaluate(
      () => (window as unknown as { speechState: { spoken: string[] } }).speechState.spoken,
    );
    expect(spoken).toHaveLength(1);
    expect(spoken[0]).toContain(texts.both);
    expect(spoken[0]).toContain(texts.plain);
    await stop.click();
    await read.waitFor();
    await read.click();
    await stop.waitFor();
    await page.evaluate(() => {
      const state = (window as unknown as { speechState: { current: SpeechSynthesisUtterance | null } })
        .speechState;
      state.current?.onend?.(new Event('end') as SpeechSynthesisEvent);
    });
    await read.waitFor();
    await page.close();
  });

  it('keeps the calendar collapsed until asked, then moves between months with today marked and holidays on their days', async () => {
    const page = session.page;
    await page.goto(`${baseUrl}/`);
    await waitForHydration(page);
    const grid = page.locator('.news-calendar__grid');
    expect(await grid.isVisible()).toBe(false);
    await page.getByText('Show Calendar').click();
    await page.getByText('Hide Calendar').waitFor();
    expect(await grid.isVisible()).toBe(true);
    const monthNames = [
      'January',
      'February',
      'March',
      'April',
      'May',
      'June',
      'July',
      'August',
      'September',
      'October',
      'November',
      'December',
    ];
    const [year, month] = today.split('-').map(Number) as [number, number];
    const title = page.locator('.news-calendar__title');
    expect(await title.textContent()).toBe(`${monthNames[month - 1]} ${year}`);
    expect(await page.locator('td[aria-current="date"] .news-calendar__number').textContent()).toBe(
      String(Number(today.slice(8))),
    );
    // Back to October 2025, whose four holidays are in the seed.
    const back = (year - 2025) * 12 + (month - 10);
    for (let i = 0; i < back; i += 1) await page.getByRole('button', { name: 'Previous month' }).click();
    expect(await title.textContent()).toBe('October 2025');
    expect(await page.locator('td[aria-current="date"]').count()).toBe(0);
    const holidays = await page
      .locator('.news-calendar__day--holiday .news-calendar__number')
      .allTextContents();
    expect(holidays).toEqual(expect.arrayContaining(['1', '2', '21', '22']));
    expect(await page.locator('.news-calendar__day--holiday').first().textContent()).toContain('Maha Navami');
    await page.getByRole('button', { name: 'Next month' }).click();
    expect(await title.textContent()).toBe('November 2025');
    await expectNoSeriousAxeViolations(page);
    await page.getByText('Hide Calendar').click();
    await page.getByText('Show Calendar').waitFor();
    expect(await grid.isVisible()).toBe(false);
  });

  it('is served from the page cache, and a new item shows at once', async () => {
    await fetch(`${baseUrl}/`);
    const cached = await fetch(`${baseUrl}/`);
    expect(cached.headers.get('x-page-cache')).toBe('hit');
    const text = `${tag} added while cached`;
    const item = await adminPost('/api/admin/news-items', { id: 900_001, text, validity: today });
    created.push(`/api/admin/news-items/${item.entryId}`);
    expect(await (await fetch(`${baseUrl}/`)).text()).toContain(text);
  });

  it('has the ad banner, 160x300 on a wide screen and 300x300 on a phone, when ads are set up', async () => {
    const server = await startServer({
      ADS_CLIENT_ID: 'ca-pub-1234567890123456',
      ADS_SLOTS: 'banner=1111111111',
    });
    const page = await session.browser.context.newPage();
    // Tests never reach the ad network.
    await page.route(/googlesyndication|doubleclick/, (route) => route.abort());
    try {
      for (const [width, expected] of [
        [1280, { width: 160, height: 300 }],
        [375, { width: 300, height: 300 }],
      ] as const) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(`${server.url}/`);
        const banner = page.getByRole('complementary', { name: 'Advertisement' });
        const box = await banner.boundingBox();
        expect({ width: box?.width, height: box?.height }).toEqual(expected);
      }
    } finally {
      await page.close();
      await stopServer(server);
    }
  });

  it('caused no CSP violations or script errors', () => {
    expect(session.problems).toEqual([]);
  });
});
