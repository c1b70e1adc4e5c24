import type { Captions, StockNews, TrendText } from '@hurryup/contracts/market-news';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { getJson } from './api.ts';
import { expectNoSeriousAxeViolations, openBrowserSession, waitForHydration } from './browser.ts';

const baseUrl = inject('baseUrl');
const session = openBrowserSession();

// Tests never reach the internet: the articles' pictures (on the publishers' hosts) come from here instead.
const pictureStandIn =
  '<svg xmlns="http://www.w3.org/2000/svg" width="16" height="9"><rect width="16" height="9" fill="#789"/></svg>';
beforeAll(async () => {
  await session.browser.context.route(
    (url) => !url.href.startsWith(baseUrl),
    (route) => route.fulfill({ status: 200, contentType: 'image/svg+xml', body: pictureStandIn }),
  );
});

// The server's feeds point at the fake started by global-setup.ts; this waits for (or joins) their fetch,
// so every page below shows what the fixtures hold.
beforeAll(async () => {
  const res = await fetch(`${baseUrl}/api/admin/market-feeds/refresh`, {
    method: 'POST',
    headers: { authorization: `Bearer ${inject('adminToken')}` },
  });
  expect(res.status).toBe(200);
  const runs = (await res.json()) as { source: string; ok: boolean }[];
  expect(runs.map((run) => [run.source, run.ok])).toEqual([
    ['news', true],
    ['trends', true],
    ['videos', true],
  ]);
});

/** Holds back a route's data request so the loading text can be seen. */
async function delayData(p: Page, pattern: RegExp, ms = 700) {
  await p.route(pattern, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });
}

/** A client-side navigation, as a link inside the app would make. */
async function navigateInApp(p: Page, to: string) {
  await p.evaluate((path) => {
    const router = (window as unknown as { __reactRouterDataRouter: { navigate(to: string): unknown } })
      .__reactRouterDataRouter;
    void router.navigate(path);
  }, to);
}

/**
 * Stands in for the browser's speech engine (headless Chromium has no voices): records what it was asked to
 * say and in which language, and finishes each utterance after `ms`.
 */
async function fakeSpeech(p: Page, ms: number) {
  await p.addInitScript((duration) => {
    const spoken: { text: string; lang: string }[] = [];
    let timer: ReturnType<typeof setTimeout> | undefined;
    let current: SpeechSynthesisUtterance | undefined;
    const engine = {
      speak(utterance: SpeechSynthesisUtterance) {
        spoken.push({ text: utterance.text, lang: utterance.lang });
        current = utterance;
        timer = setTimeout(() => {
          current = undefined;
          utterance.onend?.(new Event('end') as SpeechSynthesisEvent);
        }, duration);
      },
      cancel() {
        if (timer) clearTimeout(timer);
        const cancelled = current;
        current = undefined;
        cancelled?.onerror?.(new Event('error') as SpeechSynthesisErrorEvent);
      },
      getVoices: () => [],
    };
    Object.defineProperty(window, 'speechSynthesis', { value: engine, configurable: true });
    (window as unknown as { spoken: typeof spoken }).spoken = spoken;
  }, ms);
}

const disclaimer = 'For information only, not investment advice. Read the disclaimer.';

async function expectDisclaimer(p: Page) {
  const line = p.locator('.trading-disclaimer');
  expect(await line.textContent()).toBe(disclaimer);
  expect(await line.getByRole('link', { name: 'Read the disclaimer' }).getAttribute('href')).toBe(
    '/disclaimer',
  );
}

describe('stock news (/stocks)', () => {
  it('is server-rendered as one card per stored article: image, title, summary and Read full article', async () => {
    const { news } = await getJson<StockNews>('/api/news');
    expect(news.length).toBe(5);
    const html = await (await fetch(`${baseUrl}/stocks`)).text();
    expect(html).toContain('<title>Stock Market News | Hurry Up</title>');
    expect(html).toContain(news[0]!.title.replaceAll('&', '&amp;'));

    const p = session.page;
    await p.goto(`${baseUrl}/stocks`);
    await waitForHydration(p);
    const cards = p.locator('.news-card');
    expect(await cards.count()).toBe(news.length);
    expect(await cards.locator('.news-card__title').allTextContents()).toEqual(news.map((n) => n.title));
    const first = cards.first();
    expect(await first.locator('img').getAttribute('src')).toBe(news[0]!.image_url);
    expect(await first.locator('.news-card__summary').textContent()).toBe(news[0]!.summary);
    const link = first.getByRole('link', { name: 'Read full article' });
    expect(await link.getAttribute('href')).toBe(news[0]!.url);
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    // An article without a picture keeps the card's shape with an empty box.
    const withoutImage = news.findIndex((n) => !n.image_url);
    expect(await cards.nth(withoutImage).locator('img').count()).toBe(0);
    await expectDisclaimer(p);
    await expectNoSeriousAxeViolations(p);
    expect(session.problems).toEqual([]);
  });

  it("shows 'Loading news...' while a navigation waits for the news", async () => {
    const p = await session.browser.context.newPage();
    await p.goto(`${baseUrl}/aboutus`);
    await waitForHydration(p);
    await delayData(p, /\/stocks\.data/);
    await navigateInApp(p, '/stocks');
    await p.getByText('Loading news...').waitFor();
    await p.locator('.news-card').first().waitFor();
    await p.close();
  });
});

describe('Trending Now (/trendingNow)', () => {
  it('shows the title, the rows-per-page choice and 20 trends in a 12-row read-only text area', async () => {
    const trends = await getJson<TrendText>('/api/trends');
    const p = session.page;
    await p.goto(`${baseUrl}/trendingNow`);
    await waitForHydration(p);
    expect(await p.getByRole('heading', { level: 1 }).textContent()).toBe('Trending Now (Last 24 Hours)');
    const select = p.getByLabel('Rows per page');
    expect(await select.locator('option').allTextContents()).toEqual(['20', '30', '50']);
    expect(await select.inputValue()).toBe('20');
    const text = p.locator('textarea');
    expect(await text.getAttribute('rows')).toBe('12');
    expect(await text.getAttribute('readonly')).not.toBeNull();
    expect(await text.inputValue()).toBe(trends.text);
    expect((await text.inputValue()).split('\n')).toHaveLength(20);
    await expectDisclaimer(p);
    await expectNoSeriousAxeViolations(p);
  });

  it("holds 30 or 50 trends when chosen, showing 'Loading trends...' meanwhile", async () => {
    const p = await session.browser.context.newPage();
    await p.goto(`${baseUrl}/trendingNow`);
    await waitForHydration(p);
    await delayData(p, /\/trendingNow\.data/);
    await p.getByLabel('Rows per page').selectOption('30');
    await p.getByText('Loading trends...').waitFor();
    await p.locator('textarea').waitFor();
    expect(new URL(p.url()).searchParams.get('rows')).toBe('30');
    expect((await p.locator('textarea').inputValue()).split('\n')).toHaveLength(30);
    await p.getByLabel('Rows per page').selectOption('50');
    await p.waitForURL(/rows=50/);
    // The fixture feed lists 35 searches: 50 rows hold all of them.
    await p.waitForFunction(() => document.querySelector('textarea')?.value.split('\n').length === 35);
    expect((await p.locator('textarea').inputValue()).split('\n').at(-1)).toBe(
      '35. moto g96 (500+ searches)',
    );
    await p.close();
  });

  it('reads the text aloud in en-US: Stop in red while speaking, back to Play when speech ends', async () => {
    const p = await session.browser.context.newPage();
    await fakeSpeech(p, 1500);
    await p.goto(`${baseUrl}/trendingNow`);
    await waitForHydration(p);
    const button = p.getByRole('button', { name: /^(Play|Stop) trending searches$/ });
    expect(await button.textContent()).toBe('Play');
    const grey = await button.evaluate((el) => getComputedStyle(el).backgroundColor);
    await button.click();
    expect(await button.textContent()).toBe('Stop');
    expect(await button.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(180, 35, 24)');
    expect(grey).not.toBe('rgb(180, 35, 24)');
    const spoken = await p.evaluate(() => (window as unknown as { spoken: unknown[] }).spoken);
    expect(spoken).toEqual([{ text: await p.locator('textarea').inputValue(), lang: 'en-US' }]);
    // Speaking ends by itself.
    await p.getByRole('button', { name: 'Play trending searches' }).waitFor({ timeout: 5000 });
    // A second press while speaking stops it.
    await button.click();
    await button.click();
    expect(await button.textContent()).toBe('Play');
    await p.close();
  });
});

describe('captions (/captions)', () => {
  it('lists the stored video titles with a Play/Stop control', async () => {
    const captions = await getJson<Captions>('/api/youtube-captions?query=India&max_results=20');
    expect(captions.videos.length).toBeGreaterThan(0);
    const p = await session.browser.context.newPage();
    await fakeSpeech(p, 60_000);
    await p.goto(`${baseUrl}/captions`);
    await waitForHydration(p);
    expect(await p.locator('.video-titles li').allTextContents()).toEqual(
      captions.videos.map((v) => v.title),
    );
    const button = p.getByRole('button', { name: 'Play video titles' });
    await button.click();
    await p.getByRole('button', { name: 'Stop video titles' }).click();
    await p.getByRole('button', { name: 'Play video titles' }).waitFor();
    const spoken = await p.evaluate(() => (window as unknown as { spoken: { lang: string }[] }).spoken);
    expect(spoken.map((s) => s.lang)).toEqual(['en-US']);
    await expectDisclaimer(p);
    await expectNoSeriousAxeViolations(p);
    await p.close();
  });

  it('hydrates at first use: a tap on Play before then is held and plays once the page has hydrated', async () => {
    const p = await session.browser.context.newPage();
    await fakeSpeech(p, 60_000);
    await p.goto(`${baseUrl}/captions`);
    // A page to read (decision 0018): no script of ours has run on arrival.
    expect(await p.locator('script[data-start="on-use"]').count()).toBe(1);
    expect(await p.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    await p.getByRole('button', { name: 'Play video titles' }).click();
    await p.getByRole('button', { name: 'Stop video titles' }).waitFor();
    expect(await p.evaluate(() => document.documentElement.dataset.hydrated)).toBe('true');
    const spoken = await p.evaluate(() => (window as unknown as { spoken: { lang: string }[] }).spoken);
    expect(spoken.map((s) => s.lang)).toEqual(['en-US']);
    await p.close();
  });
});
