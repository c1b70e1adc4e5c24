import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  expectNoSeriousAxeViolations,
  launchBrowser,
  openBrowserSession,
  waitForHydration,
} from './browser.ts';
import { type RunningServer, startServer, stopServer } from './global-setup.ts';

const session = openBrowserSession();

/**
 * A small market folder: 60 weekdays of NIFTY 50 (ending in a close above its 20-day high), India VIX
 * and three stocks, so the pages have data whether or not MARKET_DATA_DIR names the real files.
 */
function writeFixture(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'hurryup-e2e-market-'));
  const dates: string[] = [];
  const day = new Date('2025-06-27T00:00:00Z');
  while (dates.length < 60) {
    if (day.getUTCDay() % 6 !== 0) dates.unshift(day.toISOString().slice(0, 10));
    day.setUTCDate(day.getUTCDate() - 1);
  }
  const csv = (base: number, step: number, volume: boolean) =>
    dates
      .map((date, i) => {
        const close = base + i * step + (i % 2 ? -base * 0.01 : base * 0.01);
        return `${date},${close.toFixed(2)},${(close * 1.01).toFixed(2)},${(close * 0.99).toFixed(2)},${close.toFixed(2)}${volume ? `,${1000 + i}` : ''}`;
      })
      .join('\n');
  const nifty = csv(20000, 10, false).split('\n');
  nifty[nifty.length - 1] = '2025-06-27,22700.00,23500.00,22690.00,23400.00';
  fs.writeFileSync(path.join(folder, 'nifty50.csv'), `date,open,high,low,close\n${nifty.join('\n')}\n`);
  fs.writeFileSync(path.join(folder, 'indiavix.csv'), `date,open,high,low,close\n${csv(14, 0.01, false)}\n`);
  fs.mkdirSync(path.join(folder, 'stocks'));
  for (const [symbol, step] of [
    ['TCS', 3],
    ['INFY', -2],
    ['M_M', 1],
  ] as const) {
    fs.writeFileSync(
      path.join(folder, 'stocks', `${symbol}.csv`),
      `date,open,high,low,close,volume\n${csv(3000, step, true)}\n`,
    );
  }
  return folder;
}

let withData: string;
let empty: RunningServer;
let own: RunningServer | undefined;
let fixture: string | undefined;
beforeAll(async () => {
  if (process.env.MARKET_DATA_DIR) withData = inject('baseUrl');
  else {
    fixture = writeFixture();
    own = await startServer({ MARKET_DATA_DIR: fixture });
    withData = own.url;
  }
  empty = await startServer();
});
afterAll(async () => {
  await stopServer(empty);
  if (own) await stopServer(own);
  if (fixture) fs.rmSync(fixture, { recursive: true });
});

const api = async (url: string) => (await fetch(`${withData}${url}`)).json();

async function expectDisclaimer() {
  const link = session.page.getByRole('link', { name: 'Read the disclaimer' });
  expect(await link.getAttribute('href')).toBe('/disclaimer');
}

async function expectNotLoaded(route: string) {
  await session.page.goto(`${empty.url}${route}`);
  await waitForHydration(session.page);
  await session.page.getByText('Market data not loaded').waitFor();
  // Plain words, once: the operator's instructions are in the server log and docs/operations.md.
  const text = await session.page.locator('.market-not-loaded').textContent();
  expect(text).not.toMatch(/npm|MARKET_DATA_DIR|operator|operations\.md/);
  expect(await session.page.locator('.market-not-loaded code').count()).toBe(0);
  await expectDisclaimer();
  await expectNoSeriousAxeViolations(session.page);
}

describe('live stock table (/daylow)', () => {
  it('at 390 px keeps the symbol in view while scrolling sideways, with no cell wrapped', async () => {
    const phone = await session.browser.context.newPage();
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto(`${withData}/daylow`);
    await waitForHydration(phone);
    await phone.locator('.market-table tbody tr').first().waitFor();
    const wrap = phone.locator('.market-table-wrap');
    const symbol = phone.locator('.market-table tbody td').first();
    const before = (await symbol.boundingBox())!;
    await wrap.evaluate((el) => {
      el.scrollLeft = el.scrollWidth;
    });
    expect(await wrap.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    const after = (await symbol.boundingBox())!;
    expect(Math.abs(after.x - before.x)).toBeLessThan(1);
    // The sideways scroll is announced, and the prices' date stands beside "Live" when it is not today.
    expect(await phone.locator('.market-table-cue').isVisible()).toBe(true);
    expect(await phone.locator('.market-live').textContent()).toMatch(/^Live( · as of \d{4}-\d\d-\d\d)?$/);
    // One line per cell: every header and every cell of a row as tall as the row's shortest.
    const heights = await phone
      .locator('.market-table tr')
      .evaluateAll((rows) =>
        rows.map((row) =>
          [...row.children].map((cell) => (cell as HTMLElement).getBoundingClientRect().height),
        ),
      );
    for (const row of heights) expect(Math.max(...row) - Math.min(...row)).toBeLessThan(1);
    const lineHeights = await phone.locator('.market-table th, .market-table td').evaluateAll((cells) =>
      cells.map((cell) => {
        const style = getComputedStyle(cell);
        return cell.scrollHeight <= Number.parseFloat(style.lineHeight) * 1.5 + 40;
      }),
    );
    expect(lineHeights.every(Boolean)).toBe(true);
    await phone.close();
  });

  it('shows the columns and one row per stock, sorts by Change% both ways', async () => {
    const stocks: { symbol: string; change: number }[] = await api('/api/stocks');
    await session.page.goto(`${withData}/daylow`);
    await waitForHydration(session.page);
    const headers = await session.page.locator('thead th').allTextContents();
    expect(headers.map((h) => h.replace(/[▲▼↕]/g, '').trim())).toEqual([
      'Symbol',
      'Current Price',
      'Day High',
      'Day Low',
      'Change%',
      'Rating',
    ]);
    const symbols = () => session.page.locator('tbody tr td:first-child').allTextContents();
    expect(await symbols()).toEqual(stocks.map((s) => s.symbol));
    const sort = session.page.getByRole('button', { name: /Change%/ });
    await sort.click();
    expect(await symbols()).toEqual([...stocks].sort((a, b) => a.change - b.change).map((s) => s.symbol));
    await sort.click();
    expect(await symbols()).toEqual([...stocks].sort((a, b) => b.change - a.change).map((s) => s.symbol));
    const firstChange = await session.page.locator('tbody tr:first-child td:nth-child(5)').textContent();
    expect(firstChange).toMatch(/^-?\d+\.\d{2}$/);
    await expectDisclaimer();
    await expectNoSeriousAxeViolations(session.page);
  });

  // The page clock belongs to the browser context and outlives the test: these tests have a browser each.
  async function withOwnPage(test: (page: Page) => Promise<void>) {
    const own = await launchBrowser();
    try {
      const page = await own.context.newPage();
      await page.clock.install();
      await test(page);
    } finally {
      await own.close();
    }
  }
  /** Stops the page's time but for what the test runs; answers the milliseconds until the first refresh. */
  async function pauseAndTimeToRefresh(p: Page) {
    await p.clock.pauseAt((await p.evaluate(() => Date.now())) + 1_000);
    // Counted from the document's start, when the table shown was had, however late it hydrated.
    return Math.round(300_000 - (await p.evaluate(() => performance.now())));
  }

  it("refreshes every 300,000 ms and shows 'Failed to fetch stock data.' when that fails", () =>
    withOwnPage(async (p) => {
      await p.goto(`${withData}/daylow`);
      await waitForHydration(p);
      await p.route(/\/api\/stocks/, (route) => route.abort());
      const dueIn = await pauseAndTimeToRefresh(p);
      await p.clock.runFor(dueIn - 1_000);
      expect(await p.getByText('Failed to fetch stock data.').count()).toBe(0);
      await p.clock.runFor(2_000);
      await p.getByText('Failed to fetch stock data.').waitFor();
    }));

  it('hydrates at first use, or unused when its first refresh is due, and then refreshes', () =>
    withOwnPage(async (p) => {
      await p.goto(`${withData}/daylow`);
      await p.locator('.market-table tbody tr').first().waitFor();
      let asked = 0;
      await p.route(/\/api\/stocks/, async (route) => {
        asked += 1;
        await route.abort();
      });
      const dueIn = await pauseAndTimeToRefresh(p);
      await p.clock.runFor(dueIn - 1_000);
      // Nobody has used the page: none of its scripts has run.
      expect(await p.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
      await p.clock.runFor(2_000);
      await p.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      await p.clock.runFor(1_000);
      await p.getByText('Failed to fetch stock data.').waitFor();
      expect(asked).toBe(1);
    }));

  it('says plainly when market data is not loaded', () => expectNotLoaded('/daylow'));
});

describe('trading-data summary (/tradingViewData)', () => {
  it('shows the news line, the Sell/Neutral/Buy totals, Nifty Index and India VIX', async () => {
    const [trading, financial, news] = await Promise.all([
      api('/api/tradingview'),
      api('/api/financial-data'),
      api('/api/daily-news'),
    ]);
    await session.page.goto(`${withData}/tradingViewData`);
    await waitForHydration(session.page);
    await session.page.getByText(news.news).waitFor();
    const figure = async (label: string) =>
      session.page
        .locator('dt', { hasText: new RegExp(`^${label}$`) })
        .locator('xpath=following-sibling::dd')
        .textContent();
    expect(await figure('Sell')).toBe(trading.summary[1].name);
    expect(await figure('Neutral')).toBe(trading.summary[3].name);
    expect(await figure('Buy')).toBe(trading.summary[5].name);
    const level = (n: number) =>
      n.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    expect(await figure('Nifty Index')).toBe(level(financial.data['Nifty Index']));
    expect(await figure('India VIX')).toBe(level(financial.data['India VIX']));
    await expectDisclaimer();
    await expectNoSeriousAxeViolations(session.page);
  });

  it('says plainly when market data is not loaded', () => expectNotLoaded('/tradingViewData'));
});

describe('options assistant, simple view (/volat)', () => {
  it('shows Nifty, RSI, VIX and the suggestion', async () => {
    const body = await api('/api/option_suggestions');
    await session.page.goto(`${withData}/volat`);
    await waitForHydration(session.page);
    await session.page.getByText(body.suggestion).waitFor();
    expect(await session.page.locator('dd').allTextContents()).toEqual([
      body.nifty.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
      body.rsi.toFixed(2),
      body.vix.toFixed(2),
    ]);
    // The rule's id (no-edge, …) is the server's bookkeeping, not the visitor's.
    expect(await session.page.locator('main').textContent()).not.toContain(body.rule);
    expect(await session.page.locator('main').textContent()).not.toContain('Rule:');
    // …but the values behind it are, in words.
    const why = await session.page.locator('.market-why').textContent();
    expect(why).toMatch(/^Why: [A-Z]/);
    expect(why).not.toMatch(/no-edge|cheap-volatility|rich-volatility/);
    await expectDisclaimer();
    await expectNoSeriousAxeViolations(session.page);
  });

  it('says plainly when market data is not loaded', () => expectNotLoaded('/volat'));
});

describe('breakout alerts (/breakout)', () => {
  it('shows the current alert or "No alert currently.", refreshing every 60,000 ms', async () => {
    const alert = await (
      await fetch(`${withData}/api/alerts/breakout`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"data":[]}',
      })
    ).json();
    const p = await session.browser.context.newPage();
    await p.clock.install();
    await p.goto(`${withData}/breakout`);
    await waitForHydration(p);
    if (alert.status === 'alert') {
      await p.getByText(alert.pattern, { exact: true }).waitFor();
      expect(await p.getByText(`${alert.confidence}%`).count()).toBe(1);
    } else await p.getByText('No alert currently.').waitFor();
    let asked = 0;
    await p.route(/\/api\/alerts\/breakout/, async (route) => {
      asked += 1;
      expect(route.request().postDataJSON()).toEqual({ data: [] });
      await route.fulfill({
        json: { status: 'no_alert', reason: 'Inside the range.', symbol: 'NIFTY 50', asOf: '2025-06-27' },
      });
    });
    await p.clock.runFor(60_500);
    // The refresh loads the API client first (it is not part of the page's first visit), then asks.
    await expect.poll(() => asked).toBe(1);
    await p.getByText('NIFTY 50: Inside the range.').waitFor();
    await p.getByText('No alert currently.').waitFor();
    await expectNoSeriousAxeViolations(p);
    await p.close();
  });

  it('says plainly when market data is not loaded', () => expectNotLoaded('/breakout'));
});
