import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousAxeViolations, openBrowserSession, waitForHydration } from './browser.ts';
import { type RunningServer, startServer, stopServer } from './global-setup.ts';

const session = openBrowserSession();

// Weekdays 2024-01-01 … 2025-06-27 of NIFTY 50 (rising), NIFTY BANK (falling), NIFTY IT and India VIX, and a
// small event calendar; the site clock is 2025-07-25, five days before a US Fed decision.
function writeFolders() {
  const market = fs.mkdtempSync(path.join(os.tmpdir(), 'hurryup-e2e-events-market-'));
  const events = fs.mkdtempSync(path.join(os.tmpdir(), 'hurryup-e2e-events-events-'));
  const sessions: string[] = [];
  for (let day = new Date('2024-01-01T00:00:00Z'); day <= new Date('2025-06-27T00:00:00Z'); ) {
    if (day.getUTCDay() % 6 !== 0) sessions.push(day.toISOString().slice(0, 10));
    day.setUTCDate(day.getUTCDate() + 1);
  }
  const file = (name: string, close: (i: number) => number) =>
    fs.writeFileSync(
      path.join(market, name),
      `date,open,high,low,close\n${sessions
        .map((d, i) => {
          const c = close(i).toFixed(2);
          return `${d},${c},${c},${c},${c}`;
        })
        .join('\n')}\n`,
    );
  file('nifty50.csv', (i) => 20000 + 10 * i + (i % 3) * 150);
  file('banknifty.csv', (i) => 45000 - 20 * i);
  file('nifty_it.csv', (i) => 30000 + (i % 5) * 200);
  file('indiavix.csv', (i) => 14 + (i % 4));
  const csv = (name: string, rows: string[]) =>
    fs.writeFileSync(path.join(events, name), `date,event,kind,impact\n${rows.join('\n')}\n`);
  csv('rbi_mpc.csv', [
    '2024-02-08,RBI MPC: repo unchanged at 6.50%,rbi,medium',
    '2024-04-05,RBI MPC: repo unchanged at 6.50%,rbi,medium',
    '2024-06-07,RBI MPC: repo unchanged at 6.50%,rbi,medium',
    '2024-08-08,RBI MPC: repo unchanged at 6.50%,rbi,medium',
    '2025-02-07,RBI MPC: repo cut 25 bp to 6.25%,rbi,high',
    '2025-08-06,RBI MPC (scheduled date; outcome not recorded here),rbi,medium',
  ]);
  csv('fomc.csv', [
    '2024-03-20,FOMC rate decision: hold,usfed,medium',
    '2024-06-12,FOMC rate decision: hold,usfed,medium',
    '2025-06-18,FOMC rate decision: hold,usfed,medium',
    '2025-07-30,FOMC rate decision (scheduled date; outcome not recorded here),usfed,medium',
  ]);
  csv('union_budget.csv', [
    '2024-07-23,Union Budget 2024-25,budget,high',
    '2026-02-01,Union Budget 2026-27,budget,high',
  ]);
  return { market, events };
}

/** The WhatsApp Cloud API's message call, answered as the real API does (bearer token checked). */
async function startFakeWhatsApp() {
  const bodies: unknown[] = [];
  const server = http.createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => {
      text += chunk;
    });
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      if (req.method !== 'POST' || !/^\/v[\d.]+\/\d+\/messages$/.test(req.url ?? '')) {
        res.statusCode = 400;
        return res.end(JSON.stringify({ error: { message: 'Unsupported post request.', code: 100 } }));
      }
      if (req.headers.authorization !== 'Bearer e2e-token') {
        res.statusCode = 401;
        return res.end(JSON.stringify({ error: { message: 'Invalid OAuth access token.', code: 190 } }));
      }
      bodies.push(JSON.parse(text));
      res.end(
        JSON.stringify({ messaging_product: 'whatsapp', messages: [{ id: `wamid.E2E${bodies.length}` }] }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    bodies,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let folders: { market: string; events: string };
let withData: RunningServer;
let empty: RunningServer;
let whatsapp: Awaited<ReturnType<typeof startFakeWhatsApp>>;
beforeAll(async () => {
  folders = writeFolders();
  whatsapp = await startFakeWhatsApp();
  withData = await startServer({
    MARKET_DATA_DIR: folders.market,
    EVENTS_DATA_DIR: folders.events,
    MARKET_CLOCK: '2025-07-25T10:00:00+05:30',
    WHATSAPP_TOKEN: 'e2e-token',
    WHATSAPP_PHONE_NUMBER_ID: '1234567890',
    WHATSAPP_RECIPIENT: '919812345678',
    WHATSAPP_API_URL: whatsapp.url,
  });
  empty = await startServer();
});
afterAll(async () => {
  await stopServer(withData);
  await stopServer(empty);
  await whatsapp.close();
  fs.rmSync(folders.market, { recursive: true });
  fs.rmSync(folders.events, { recursive: true });
});

const open = async (url: string) => {
  await session.page.goto(url);
  await waitForHydration(session.page);
};

describe('impact heatmap (/impactHeatmap)', () => {
  it('loads by itself and draws one row per index with 2-decimal cells, a legend of 400 px and a kind selector', async () => {
    const rows: { sector: string; '0d': number | null }[] = await (
      await fetch(`${withData.url}/api/impact-heatmap`)
    ).json();
    await open(`${withData.url}/impactHeatmap`);
    expect(await session.page.locator('h1').textContent()).toBe('Impact Heatmap - AI Event Tracker');
    await session.page.getByRole('button', { name: 'Refresh Data' }).waitFor();
    const chart = session.page.locator('.heatmap-scroll svg');
    await chart.waitFor();
    expect(await session.page.locator('.heatmap-scroll').evaluate((el) => getComputedStyle(el).height)).toBe(
      '500px',
    );
    expect(
      await session.page.locator('.heatmap-scroll').evaluate((el) => getComputedStyle(el).overflowX),
    ).toBe('auto');
    // Each row's label, in as many lines as the left margin needs ("NIFTY PSU" / "BANK").
    const labels = await chart
      .locator('text.heatmap-label')
      .evaluateAll((list) =>
        list.map((t) => [...t.querySelectorAll('tspan')].map((s) => s.textContent).join(' ')),
      );
    expect(labels).toEqual(rows.map((row) => row.sector));
    const values = await chart.locator('text.heatmap-value').allTextContents();
    expect(values).toHaveLength(rows.length * 5);
    expect(values.filter(Boolean).every((v) => /^-?\d+\.\d{2}$/.test(v))).toBe(true);
    expect(values).toContain((rows[0]!['0d'] as number).toFixed(2));
    // The legend sits under the chart, 400 px long where the screen has room.
    expect(await session.page.locator('.heatmap-legend').getByText('Avg % Return').count()).toBe(1);
    expect(
      await session.page.locator('.heatmap-legend__bar').evaluate((el) => el.getBoundingClientRect().width),
    ).toBe(400);
    expect(
      await session.page.getByRole('link', { name: 'How the heatmap is computed' }).getAttribute('href'),
    ).toBe('/trading-methods#impact-heatmap');
    // Only US Fed decisions: the rows are measured again.
    const refreshed = session.page.waitForResponse((r) => r.url().includes('/api/impact-heatmap?kind=usfed'));
    await session.page.getByLabel('Event', { exact: true }).selectOption('usfed');
    expect((await refreshed).status()).toBe(200);
    await session.page.getByRole('button', { name: 'Refresh Data' }).waitFor();
    await expectNoSeriousAxeViolations(session.page);
  });

  it('says the data failed to load when the call fails, and that market data is missing on an empty site', async () => {
    await open(`${withData.url}/impactHeatmap`);
    await session.page.locator('.heatmap-scroll svg').waitFor();
    await session.page.route('**/api/impact-heatmap*', (route) =>
      route.fulfill({ status: 502, body: 'bad gateway' }),
    );
    await session.page.getByRole('button', { name: 'Refresh Data' }).click();
    await session.page.getByText('Failed to load data. Please try again later.').waitFor();
    // The button is usable again after the failure.
    await session.page.getByRole('button', { name: 'Refresh Data' }).waitFor();
    await session.page.unroute('**/api/impact-heatmap*');
    await open(`${empty.url}/impactHeatmap`);
    await session.page.getByText('Market data not loaded').waitFor();
    await expectNoSeriousAxeViolations(session.page);
  });
});

describe('straddle simulator (/straddleSimulator)', () => {
  it('runs with the defaults and shows the results and one bar per trial at 5 px per unit', async () => {
    await open(`${withData.url}/straddleSimulator`);
    expect(await session.page.locator('h1').textContent()).toBe('Straddle Simulator: RBI Day Strategy');
    expect(await session.page.getByLabel('From Year').inputValue()).toBe('2015');
    expect(await session.page.getByLabel('To Year').inputValue()).toBe('2024');
    expect(await session.page.getByLabel('Entry Days Before Event').inputValue()).toBe('3');
    expect(await session.page.getByLabel('Strike Gap (e.g. 200)').inputValue()).toBe('200');
    // The folder holds 2024-2025 only: 2015 is outside the data, and the server says so.
    await session.page.getByRole('button', { name: 'Run Backtest' }).click();
    await session.page.getByText('Simulation failed. Please try again.').waitFor();
    // The refusal stands beside the field it is about, in words.
    expect(await session.page.locator('#straddle-start-year-problem').textContent()).toMatch(
      /^From Year must be between 2024 and 2025/,
    );
    expect(await session.page.locator('main').textContent()).not.toContain('startYear');
    await session.page.getByLabel('From Year').fill('2024');
    await session.page.getByLabel('To Year').fill('2025');
    await session.page.getByRole('button', { name: 'Run Backtest' }).click();
    await session.page.getByText('Profit Distribution').waitFor();
    const answer = await (
      await fetch(`${withData.url}/api/simulate-straddle`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ startYear: 2024, endYear: 2025, entryDays: 3, gap: 200 }),
      })
    ).json();
    // The seed calendar's RBI dates of 2024-2025 join the folder's: one trial per date inside the data.
    expect(answer.trials).toBeGreaterThanOrEqual(5);
    // Each figure's value, without the note under it.
    const figure = (label: string) =>
      session.page
        .locator('.event-result dt', { hasText: new RegExp(`^${label}$`) })
        .locator('xpath=following-sibling::dd')
        .evaluate((dd) => dd.firstChild?.textContent);
    expect(await figure('Trials')).toBe(String(answer.trials));
    // The specification's form: the value with 2 decimals and a percent sign.
    expect(await figure('Average Return')).toBe(`${answer.averageReturn.toFixed(2)}%`);
    expect(await figure('Probability of Profit')).toBe(`${answer.winRate.toFixed(1)}%`);
    expect(await figure('Max Profit')).toMatch(/^₹/);
    // Money has one form: the minus before the rupee sign.
    expect(await figure('Max Loss')).toMatch(/^(−₹|₹0\.00$)/);
    // Gap 200: the call and the put have different strikes, and the page says so.
    await session.page.getByText(/^Strangle: the call and the put are 200 points either side/).waitFor();
    const bars = session.page.locator('.straddle-chart rect');
    expect(await bars.count()).toBe(answer.trials);
    const first = answer.distribution[0] as number;
    // 5 px per unit where every bar fits, else one smaller scale for all (chartScale, tested in the
    // component tests): the real run has outliers, so the bars here are drawn to scale, not checked in pixels.
    expect(Number(await bars.first().getAttribute('height'))).toBeGreaterThan(0);
    expect(await bars.first().locator('title').textContent()).toMatch(new RegExp(`^Trial 1: ${first}%`));
    await expectNoSeriousAxeViolations(session.page);
  });

  it('opens the Profit Distribution on its zero line and bars even when one trial returned +1,132.89 %', async () => {
    const phone = await session.browser.context.newPage();
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto(`${withData.url}/straddleSimulator`);
    await waitForHydration(phone);
    const distribution = [...Array.from({ length: 62 }, (_, i) => -80 + ((i * 37) % 110)), 1132.89];
    await phone.route('**/api/simulate-straddle', (route) =>
      route.fulfill({
        json: {
          trials: distribution.length,
          averageReturn: -0.43,
          winRate: 36.5,
          maxProfit: 33995.5,
          maxLoss: -11353.7,
          distribution,
          details: [],
          medianReturn: -19.6,
          percentiles: { p10: -60, p25: -40, p75: 10, p90: 40 },
          totalProfit: -28212,
          winRateInterval: [25.7, 48.9],
          skipped: { count: 0, trials: [] },
          baseline: null,
          structure: 'strangle',
          costs: 107,
          reason: 'RBI policy dates.',
        },
      }),
    );
    await phone.getByRole('button', { name: 'Run Backtest' }).click();
    const window = phone.locator('.straddle-chart');
    await window.locator('svg').waitFor();
    await window.scrollIntoViewIfNeeded();
    const box = (await window.boundingBox())!;
    const inside = (r: { x: number; y: number; width: number; height: number }) =>
      r.y + r.height > box.y && r.y < box.y + box.height && r.x + r.width > box.x && r.x < box.x + box.width;
    const zero = (await window.locator('[data-zero-line]').boundingBox())!;
    expect(inside(zero)).toBe(true);
    const bars = await window.locator('rect').evaluateAll((list) =>
      list.map((r) => {
        const b = r.getBoundingClientRect();
        return { x: b.x, y: b.y, width: b.width, height: b.height };
      }),
    );
    expect(bars.filter(inside).length).toBeGreaterThan(0);
    // No vertical scrolling needed: the chart fits its window, and the outlier is cut with a marker.
    expect(await window.evaluate((el) => el.scrollHeight <= el.clientHeight)).toBe(true);
    expect(await window.locator('.straddle-clip').textContent()).toBe('▲+1,133%');
    expect(await phone.getByText('−₹11,353.70', { exact: true }).count()).toBe(1);
    await phone.close();
  });

  it('warns when no trial falls in the range, and says Simulating... while running', async () => {
    await open(`${withData.url}/straddleSimulator`);
    await session.page.getByLabel('From Year').fill('2025');
    await session.page.getByLabel('To Year').fill('2025');
    await session.page.getByLabel('Entry Days Before Event').fill('20');
    // The answer is held so the busy label can be seen, then given with no trial.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await session.page.route('**/api/simulate-straddle', async (route) => {
      await held;
      await route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({
          trials: 0,
          averageReturn: 0,
          winRate: 0,
          maxProfit: 0,
          maxLoss: 0,
          distribution: [],
          details: [],
          medianReturn: 0,
          percentiles: { p10: 0, p25: 0, p75: 0, p90: 0 },
          totalProfit: 0,
          winRateInterval: [0, 0],
          skipped: { count: 0, trials: [] },
          baseline: null,
          structure: 'strangle',
          costs: 0,
          reason: 'none',
        }),
      });
    });
    await session.page.getByRole('button', { name: 'Run Backtest' }).click();
    await session.page.getByRole('button', { name: 'Simulating...' }).waitFor();
    release();
    await session.page
      .getByText('No data available for the selected range. Please try different years or entry days.')
      .waitFor();
    await session.page.unroute('**/api/simulate-straddle');
  });
});

describe('Fed day alert (/liveAlert)', () => {
  it('generates the alert and sends it once by WhatsApp with the premium option', async () => {
    await open(`${withData.url}/liveAlert`);
    expect(await session.page.locator('h1').textContent()).toBe('Fed Day Alert System');
    expect(await session.page.getByLabel('Send via WhatsApp (Premium)').isChecked()).toBe(true);
    await session.page.getByRole('button', { name: 'Generate Fed Alert' }).click();
    await session.page.getByText('Alert Preview').waitFor();
    // The preview is a card: bordered and padded, apart from the controls.
    const card = session.page.locator('.event-result.trading-card');
    expect(await card.evaluate((el) => getComputedStyle(el).borderTopStyle)).toBe('solid');
    expect(await card.evaluate((el) => Number.parseFloat(getComputedStyle(el).paddingTop))).toBeGreaterThan(
      8,
    );
    const preview = await session.page.locator('.event-alert').textContent();
    expect(preview).toContain('US Fed decision on 2025-07-30');
    expect(preview).toMatch(/Confidence\d+(\.\d+)?%/);
    await session.page.getByText('✅ WhatsApp sent').waitFor();
    expect(whatsapp.bodies).toHaveLength(1);
    // Again: shown, not sent a second time.
    await session.page.getByRole('button', { name: 'Generate Fed Alert' }).click();
    await session.page.getByRole('button', { name: 'Generate Fed Alert' }).waitFor();
    await session.page.getByText('Alert Preview').waitFor();
    expect(await session.page.getByText('✅ WhatsApp sent').count()).toBe(0);
    expect(whatsapp.bodies).toHaveLength(1);
    await expectNoSeriousAxeViolations(session.page);
  });

  it('shows the server error text when the call fails', async () => {
    await session.page.route('**/api/generate-alert*', (route) => route.abort());
    await open(`${withData.url}/liveAlert`);
    await session.page.getByRole('button', { name: 'Generate Fed Alert' }).click();
    await session.page.getByText('Failed to generate alert. Server error.').waitFor();
    await session.page.unroute('**/api/generate-alert*');
  });
});

describe('the event-study pages on a phone and a wide screen', () => {
  it("use the site's own controls with tap targets of 44 px, keep the heatmap's labels and legend whole, and centre it", async () => {
    const phone = await session.browser.context.newPage();
    await phone.setViewportSize({ width: 390, height: 844 });
    for (const path of ['/impactHeatmap', '/straddleSimulator', '/liveAlert']) {
      await phone.goto(`${withData.url}${path}`);
      await waitForHydration(phone);
      const controls = await phone
        .locator('main button, main select, main input, main label.trading-check')
        .evaluateAll((list) =>
          list
            .filter((el) => !(el instanceof HTMLInputElement && el.type === 'checkbox'))
            .map((el) => ({
              name: el.textContent || el.getAttribute('name') || el.id,
              height: el.getBoundingClientRect().height,
              grey: getComputedStyle(el).backgroundColor === 'rgb(239, 239, 239)',
            })),
        );
      expect(controls.length, path).toBeGreaterThan(0);
      for (const control of controls) {
        expect(control.height, `${path} ${control.name}`).toBeGreaterThanOrEqual(44);
        expect(control.grey, `${path} ${control.name}`).toBe(false);
      }
      expect(await phone.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
    }
    await phone.goto(`${withData.url}/impactHeatmap`);
    await waitForHydration(phone);
    const chart = phone.locator('.heatmap-scroll svg');
    await chart.waitFor();
    // Every row label starts inside the chart (none clipped at the left edge).
    const svgLeft = (await chart.boundingBox())!.x;
    const labelLefts = await chart
      .locator('text.heatmap-label')
      .evaluateAll((list) => list.map((t) => t.getBoundingClientRect().x));
    for (const left of labelLefts) expect(left).toBeGreaterThanOrEqual(svgLeft);
    // The legend is whole on the phone, and so are all five columns: nothing to scroll sideways (issue 27).
    const legend = (await phone.locator('.heatmap-legend').boundingBox())!;
    expect(legend.x).toBeGreaterThanOrEqual(0);
    expect(legend.x + legend.width).toBeLessThanOrEqual(390);
    await phone.locator('.heatmap-scroll svg.heatmap--compact').waitFor();
    const scroller = phone.locator('.heatmap-scroll');
    expect(await scroller.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    const phoneChart = (await chart.boundingBox())!;
    expect(phoneChart.x).toBeGreaterThanOrEqual(0);
    expect(phoneChart.x + phoneChart.width).toBeLessThanOrEqual(390);
    const headers = await chart
      .locator('text.heatmap-axis:not(.heatmap-label)')
      .evaluateAll((list) => list.map((t) => ({ text: t.textContent, box: t.getBoundingClientRect() })));
    expect(headers.map((h) => h.text)).toEqual(['-3d', '0d', '+3d', '+5d', '+10d']);
    for (const { box } of headers) expect(box.x + box.width).toBeLessThanOrEqual(390);
    // Each value fits its cell (no two neighbours' texts overlap).
    const firstRow = await chart
      .locator('g.heatmap-cell text.heatmap-value')
      .evaluateAll((list) => list.slice(0, 5).map((t) => t.getBoundingClientRect()));
    for (let i = 1; i < firstRow.length; i += 1)
      expect(firstRow[i]!.x).toBeGreaterThan(firstRow[i - 1]!.x + firstRow[i - 1]!.width);
    expect(await phone.locator('.heatmap-cue').count()).toBe(0);
    await phone.setViewportSize({ width: 1280, height: 900 });
    const wide = (await chart.boundingBox())!;
    const area = (await phone.locator('.heatmap-scroll').boundingBox())!;
    expect(Math.abs(wide.x - area.x - (area.x + area.width - (wide.x + wide.width)))).toBeLessThan(2);
    expect(await phone.locator('.heatmap-cue').isVisible()).toBe(false);
    await phone.close();
  });
});

describe('volatility event calendar (/eventCalendar)', () => {
  it('lists the upcoming events with their impact and border colour', async () => {
    await open(`${withData.url}/eventCalendar`);
    expect(await session.page.locator('h1').textContent()).toBe('Volatility Event Calendar');
    const items = session.page.locator('.event-item');
    await items.first().waitFor();
    const answer: { date: string; event: string; impact: string }[] = await (
      await fetch(`${withData.url}/api/event-calendar`)
    ).json();
    expect(await items.count()).toBe(answer.length);
    // The folder's events and the seed calendar's, from the site clock's date on, in date order.
    expect(answer.map((e) => e.date)).toContain('2025-07-30');
    expect(answer.map((e) => e.date)).toEqual(answer.map((e) => e.date).sort());
    expect(answer[0]!.date >= '2025-07-25').toBe(true);
    const colours: Record<string, string> = {
      Extreme: 'rgb(220, 38, 38)',
      'Very High': 'rgb(249, 115, 22)',
      High: 'rgb(234, 179, 8)',
    };
    for (const [i, event] of answer.entries()) {
      const item = items.nth(i);
      expect(await item.textContent()).toContain(`Impact: ${event.impact}`);
      expect(await item.evaluate((el) => getComputedStyle(el).borderTopColor)).toBe(
        colours[event.impact] ?? 'rgb(96, 165, 250)',
      );
    }
    await expectNoSeriousAxeViolations(session.page);
  });

  it('says market data is not loaded on an empty site', async () => {
    await open(`${empty.url}/eventCalendar`);
    await session.page.getByText('Market data not loaded').waitFor();
    await expectNoSeriousAxeViolations(session.page);
  });
});

// Issue 29: these read the fields the server adds (medianReturn, totalProfit, baseline, structure,
// significance, impactRatio); they pass once the server answers with them.
describe('evidence with every figure (issue 29)', () => {
  it('the straddle page leads with the median, the total after costs and the baseline, and says strangle', async () => {
    await open(`${withData.url}/straddleSimulator`);
    await session.page.getByLabel('From Year').fill('2024');
    await session.page.getByLabel('To Year').fill('2025');
    await session.page.getByRole('button', { name: 'Run Backtest' }).click();
    await session.page.getByText('Profit Distribution').waitFor();
    const headline = session.page.locator('.straddle-headline');
    expect(await headline.locator('dt').first().textContent()).toBe('Median Return');
    expect(await headline.textContent()).toContain('Total, after costs');
    await session.page.getByText(/^Strangle: /).waitFor();
    expect(await session.page.getByText('the average (mean)').count()).toBe(1);
    expect(await session.page.locator('.straddle-baseline').count()).toBe(1);
  });

  it('the heatmap mutes cells that are not significant at 5% and says so in its legend', async () => {
    await open(`${withData.url}/impactHeatmap`);
    await session.page.locator('.heatmap-scroll svg').waitFor();
    await session.page.getByText(/Faded cells are not significant at 5%/).waitFor();
    const rows: { significant: Record<string, boolean> }[] = await (
      await fetch(`${withData.url}/api/impact-heatmap`)
    ).json();
    const quiet = rows.flatMap((row) => Object.values(row.significant)).filter((v) => v === false).length;
    expect(await session.page.locator('.heatmap-cell--muted').count()).toBe(quiet);
  });

  it('the calendar shows each event’s impact ratio', async () => {
    await open(`${withData.url}/eventCalendar`);
    await session.page.locator('.event-item').first().waitFor();
    expect(await session.page.locator('.event-item__ratio').count()).toBe(
      await session.page.locator('.event-item').count(),
    );
  });
});
