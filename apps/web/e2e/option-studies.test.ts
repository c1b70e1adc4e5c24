import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectNoSeriousAxeViolations, openBrowserSession, waitForHydration } from './browser.ts';
import { type RunningServer, startServer, stopServer } from './global-setup.ts';

const session = openBrowserSession();

/**
 * 200 weekdays of NIFTY 50 swinging along a sine (RSI visits every zone), India VIX between 10 and 24, and a
 * few events in range, so the pages have data whether or not MARKET_DATA_DIR names the real files.
 */
function writeFixture(): { market: string; events: string } {
  const market = fs.mkdtempSync(path.join(os.tmpdir(), 'hurryup-e2e-options-'));
  const events = fs.mkdtempSync(path.join(os.tmpdir(), 'hurryup-e2e-options-events-'));
  const dates: string[] = [];
  const day = new Date('2025-06-27T00:00:00Z');
  while (dates.length < 200) {
    if (day.getUTCDay() % 6 !== 0) dates.unshift(day.toISOString().slice(0, 10));
    day.setUTCDate(day.getUTCDate() - 1);
  }
  const rows = (at: (i: number) => number, spread: number) =>
    dates
      .map((date, i) => {
        const close = at(i);
        const open = close - spread * Math.cos(i / 2);
        return `${date},${open.toFixed(2)},${(Math.max(open, close) + spread).toFixed(2)},${(Math.min(open, close) - spread).toFixed(2)},${close.toFixed(2)}`;
      })
      .join('\n');
  fs.writeFileSync(
    path.join(market, 'nifty50.csv'),
    `date,open,high,low,close\n${rows((i) => 22000 * (1 + 0.12 * Math.sin(i / 15)) + (i % 3) * 40, 40)}\n`,
  );
  fs.writeFileSync(
    path.join(market, 'indiavix.csv'),
    `date,open,high,low,close\n${rows((i) => 17 + 7 * Math.sin(i / 40), 0.3)}\n`,
  );
  fs.writeFileSync(
    path.join(events, 'rbi_mpc.csv'),
    'date,event,kind,impact\n2025-02-07,RBI MPC,rbi,high\n2025-04-09,RBI MPC,rbi,high\n',
  );
  fs.writeFileSync(path.join(events, 'fomc.csv'), 'date,event,kind,impact\n2025-03-19,FOMC,usfed,medium\n');
  return { market, events };
}

let withData: string;
let empty: RunningServer;
let own: RunningServer | undefined;
let fixture: { market: string; events: string } | undefined;
beforeAll(async () => {
  if (process.env.MARKET_DATA_DIR) withData = inject('baseUrl');
  else {
    fixture = writeFixture();
    own = await startServer({ MARKET_DATA_DIR: fixture.market, EVENTS_DATA_DIR: fixture.events });
    withData = own.url;
  }
  empty = await startServer();
});
afterAll(async () => {
  await stopServer(empty);
  if (own) await stopServer(own);
  if (fixture) {
    fs.rmSync(fixture.market, { recursive: true });
    fs.rmSync(fixture.events, { recursive: true });
  }
});

const get = async (url: string) => (await fetch(`${withData}${url}`)).json();
const post = async (url: string, body: unknown) =>
  (
    await fetch(`${withData}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  ).json();
const fieldText = (value: number) => String(Math.round(value * 100) / 100);

async function open(url: string) {
  await session.page.goto(url);
  await waitForHydration(session.page);
}
const figure = (label: string) =>
  session.page
    .locator('dt', { hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd')
    .textContent();
const value = (label: string) => session.page.getByLabel(label, { exact: true }).inputValue();

/** Holds a call until `release` is called, so a test can see the busy label. */
async function holdCalls(pattern: RegExp) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  await session.page.route(pattern, async (route) => {
    await gate;
    await route.continue();
  });
  // The route stays: once released it lets every later call through at once.
  return async () => {
    release();
  };
}

async function expectMethodsLink(anchor: string) {
  const link = session.page.locator(`a[href="/trading-methods#${anchor}"]`);
  expect(await link.count()).toBe(1);
  expect(await session.page.getByRole('link', { name: 'Read the disclaimer' }).getAttribute('href')).toBe(
    '/disclaimer',
  );
}

describe('signal view (/tradebot)', () => {
  it('prefills the fields from /api/indicators and shows the signal the API gives', async () => {
    const indicators = await get('/api/indicators');
    await open(`${withData}/tradebot`);
    expect(await value('Nifty')).toBe(fieldText(indicators.nifty));
    expect(await value('RSI')).toBe(fieldText(indicators.rsi));
    expect(await value('India VIX')).toBe(fieldText(indicators.vix));
    // No open-interest data: the OI field holds the specification's default.
    expect(await value('OI Change %')).toBe(fieldText(indicators.oiChange ?? 1.4));
    await session.page.getByLabel('RSI', { exact: true }).fill('62.5');
    const release = await holdCalls(/\/api\/signal$/);
    await session.page.getByRole('button', { name: 'Get Signal' }).click();
    const busy = session.page.getByRole('button', { name: 'Generating...' });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    await release();
    await session.page.getByRole('button', { name: 'Get Signal' }).waitFor();
    const expected = await post('/api/signal', {
      nifty: Number(fieldText(indicators.nifty)),
      rsi: 62.5,
      vix: Number(fieldText(indicators.vix)),
      oiChange: indicators.oiChange ?? 1.4,
    });
    expect(await figure('Signal')).toBe(expected.signal);
    expect(await figure('Confidence')).toBe(`${expected.confidence}%`);
    await session.page.getByText(expected.reason).waitFor();
    await expectMethodsLink('signal');
    await expectNoSeriousAxeViolations(session.page);
  });

  it('sends nothing the visitor did not enter: a cleared or mistyped field says so beside it, and the old answer goes', async () => {
    await open(`${withData}/tradebot`);
    const calls: string[] = [];
    session.page.on('request', (request) => {
      if (request.url().endsWith('/api/signal')) calls.push(request.url());
    });
    await session.page.getByRole('button', { name: 'Get Signal' }).click();
    await session.page.locator('.study-result').waitFor();
    expect(calls).toHaveLength(1);
    const vix = session.page.getByLabel('India VIX', { exact: true });
    await vix.fill('');
    // Letters stay where the visitor typed them, and the field says what is wrong.
    await session.page.getByLabel('RSI', { exact: true }).fill('56.1abc');
    await session.page.getByRole('button', { name: 'Get Signal' }).click();
    await session.page
      .locator('#signal-vix-problem', { hasText: 'Enter India VIX, for example 14.5' })
      .waitFor();
    expect(await vix.getAttribute('aria-describedby')).toBe('signal-vix-problem');
    expect(await session.page.locator('#signal-rsi-problem').textContent()).toBe(
      'RSI must be a number, for example 56.1',
    );
    expect(await session.page.getByLabel('RSI', { exact: true }).inputValue()).toBe('56.1abc');
    expect(calls).toHaveLength(1);
    expect(await session.page.locator('.study-result').count()).toBe(0);
    await expectNoSeriousAxeViolations(session.page);
  });

  it("shows the server's refusal in words beside the field, never its field names", async () => {
    await open(`${withData}/tradebot`);
    // A refusal the page's own checks would not let through, answered as the server answers.
    await session.page.route(/\/api\/signal$/, (route) =>
      route.fulfill({
        status: 400,
        json: {
          error: 'Invalid request.',
          code: 'VALIDATION_FAILED',
          fields: {
            rsi: 'rsi must be between 0 and 100.',
            oiChange: 'oiChange must be between -1000 and 1000.',
          },
        },
      }),
    );
    await session.page.getByRole('button', { name: 'Get Signal' }).click();
    await session.page.locator('#signal-rsi-problem', { hasText: 'RSI must be between 0 and 100' }).waitFor();
    expect(await session.page.locator('#signal-oi-problem').textContent()).toBe(
      'OI change % must be between −1000 and 1000',
    );
    expect(await session.page.locator('main').textContent()).not.toMatch(/rsi must|oiChange/);
    await session.page.unroute(/\/api\/signal$/);
  });

  it('falls back to the specified defaults when the indicators cannot be read', async () => {
    await open(`${empty.url}/tradebot`);
    expect([
      await value('Nifty'),
      await value('RSI'),
      await value('India VIX'),
      await value('OI Change %'),
    ]).toEqual(['25120', '70.34', '14.86', '1.4']);
    await session.page.getByText('Market data not loaded').waitFor();
    await expectNoSeriousAxeViolations(session.page);
  });

  it('in save mode starts from the defaults, saves the four values after a signal and reads them back', async () => {
    const p = await session.browser.context.newPage();
    await p.goto(`${withData}/tradebot-save-9`);
    await waitForHydration(p);
    await p
      .getByText(
        'Nothing is saved on this device yet: the fields hold the default values. Your values are saved after your first signal.',
      )
      .waitFor();
    expect(await p.locator('main').textContent()).not.toContain('could not be read');
    expect(await p.getByLabel('Nifty', { exact: true }).inputValue()).toBe('25120');
    await p.getByText('Save mode: the values are saved after each signal.').waitFor();
    await expectNoSeriousAxeViolations(p);
    await p.getByLabel('RSI', { exact: true }).fill('41.5');
    await p.getByLabel('OI Change %', { exact: true }).fill('-2');
    await p.getByRole('button', { name: 'Get Signal' }).click();
    await p.getByText('These four values are saved for your next visit.').waitFor();
    const device = await p.evaluate(() => localStorage.getItem('device_id'));
    const saved = await get(`/api/indicators/saved?device_id=${device}`);
    expect(saved).toMatchObject({ nifty: 25120, rsi: 41.5, vix: 14.86, oiChange: -2 });
    // ?save=true is save mode too.
    await p.goto(`${withData}/tradebot?save=true`);
    await waitForHydration(p);
    await p.getByText(/Your values saved on \d{4}-\d\d-\d\d\./).waitFor();
    expect(await p.getByLabel('RSI', { exact: true }).inputValue()).toBe('41.5');
    expect(await p.getByLabel('OI Change %', { exact: true }).inputValue()).toBe('-2');
    // The page is the same for everyone and kept by the server only (decision 0037): the values shown are
    // this device's, read by the browser.
    const kept = await p.goto(`${withData}/tradebot-save-9`);
    expect(kept?.headers()['x-page-cache']).toBe('hit');
    expect(kept?.headers()['cache-control']).toBe('no-store');
    await waitForHydration(p);
    await p.getByText(/Your values saved on \d{4}-\d\d-\d\d\./).waitFor();
    expect(await p.getByLabel('RSI', { exact: true }).inputValue()).toBe('41.5');
    await p.close();
  });
});

describe('backtest (/optionEdgeBacktest)', () => {
  it('runs over all history to today and shows the summary and the signals a page at a time', async () => {
    const expected = await post('/api/backtest', { days: 0 });
    await open(`${withData}/optionEdgeBacktest`);
    const release = await holdCalls(/\/api\/backtest$/);
    await session.page.getByRole('button', { name: 'Run Backtest (Today)' }).click();
    expect(await session.page.getByRole('button', { name: 'Running...' }).isDisabled()).toBe(true);
    await release();
    await session.page.getByRole('heading', { name: 'Backtest Summary' }).waitFor();
    expect(await figure('Win Rate')).toBe(`${expected.win_rate}%`);
    expect(await figure('Avg Return')).toBe(`${expected.avg_return.toFixed(2)}%`);
    expect(await figure('Total Return')).toBe(`${expected.total_return.toFixed(2)}%`);
    expect(await figure('Max Drawdown')).toBe(`${expected.max_drawdown.toFixed(2)}%`);
    expect(await figure('Trades')).toBe(String(expected.trade_count));
    const list = session.page.locator('.backtest-signals');
    // A phone is not handed every trade at once: 50 a page, with the place in the whole.
    expect(await list.locator('li').count()).toBe(Math.min(50, expected.trade_count));
    await session.page
      .getByText(
        `Trades 1–${Math.min(50, expected.trade_count)} of ${expected.trade_count.toLocaleString('en-IN')}`,
      )
      .waitFor();
    const first = expected.trades[0];
    expect(await list.locator('li').first().textContent()).toBe(
      `${first.date}, ${first.signal}, Nifty ${first.nifty.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}, RSI ${first.rsi.toFixed(2)}, VIX ${first.vix.toFixed(2)}, Return ${first.simulated_return.toFixed(2)}%`,
    );
    // 24rem at the root's 16 px, scrolling.
    expect(await list.evaluate((el) => getComputedStyle(el).maxHeight)).toBe('384px');
    if (expected.trade_count > 50) {
      expect(await list.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
      await session.page.getByRole('button', { name: 'Next 50' }).click();
      expect(await list.locator('li').first().textContent()).toMatch(
        new RegExp(`^${expected.trades[50].date}, `),
      );
    }
    await expectMethodsLink('backtest');
    await expectNoSeriousAxeViolations(session.page);
  });
});

describe('without market data', () => {
  it('the backtest and the strategy screen say so plainly', async () => {
    await open(`${empty.url}/optionEdgeBacktest`);
    await session.page.getByRole('button', { name: 'Run Backtest (Today)' }).click();
    await session.page.getByText('Market data not loaded').waitFor();
    expect(await session.page.getByRole('heading', { name: 'Backtest Summary' }).count()).toBe(0);
    await expectNoSeriousAxeViolations(session.page);
    await open(`${empty.url}/optionEdge`);
    await session.page.getByText('Market data not loaded').waitFor();
    // No indicators to start from: the fields are empty, and an empty field is not sent as 0.
    expect(await value('NIFTY')).toBe('');
    await session.page.getByRole('button', { name: 'Get Strategy' }).click();
    await session.page.getByText('Enter NIFTY, for example 24500').waitFor();
    expect(await session.page.getByText('Failed to fetch strategy').count()).toBe(0);
    await expectNoSeriousAxeViolations(session.page);
  });
});

describe('strategy recommender (/optionEdge)', () => {
  it('shows the title, the event select, prefilled inputs and the strategy the API gives', async () => {
    const indicators = await get('/api/indicators');
    await open(`${withData}/optionEdge`);
    await session.page.getByRole('heading', { name: 'OptionEdge – Strategy Recommender' }).waitFor();
    const options = await session.page
      .locator('#strategy-event option')
      .evaluateAll((list) => list.map((o) => [(o as HTMLOptionElement).value, o.textContent]));
    expect(options).toEqual([
      ['', '(None)'],
      ['rbi', 'RBI Policy'],
      ['budget', 'Budget Day'],
      ['usfed', 'US Fed Decision'],
      ['results', 'Earnings Season'],
    ]);
    expect(await session.page.locator('#strategy-event').inputValue()).toBe('rbi');
    expect(await value('NIFTY')).toBe(fieldText(indicators.nifty));
    expect(await value('RSI')).toBe(fieldText(indicators.rsi));
    expect(await value('VIX')).toBe(fieldText(indicators.vix));
    await session.page.locator('#strategy-event').selectOption('usfed');
    const release = await holdCalls(/\/api\/strategy$/);
    await session.page.getByRole('button', { name: 'Get Strategy' }).click();
    await session.page.getByRole('button', { name: 'Analyzing...' }).waitFor();
    await release();
    const expected = await post('/api/strategy', {
      nifty: Number(fieldText(indicators.nifty)),
      rsi: Number(fieldText(indicators.rsi)),
      vix: Number(fieldText(indicators.vix)),
      event: 'usfed',
    });
    await session.page.getByText(expected.reason).waitFor();
    expect(await figure('Strategy')).toBe(expected.strategy);
    expect(await figure('Confidence')).toBe(`${expected.confidence}%`);
    await expectMethodsLink('strategy');
    await expectNoSeriousAxeViolations(session.page);
  });

  it("shows 'Error', 0 and 'Failed to fetch strategy' when the request fails", async () => {
    await open(`${withData}/optionEdge`);
    await session.page.route(/\/api\/strategy$/, (route) => route.abort());
    await session.page.getByRole('button', { name: 'Get Strategy' }).click();
    await session.page.getByText('Failed to fetch strategy').waitFor();
    expect(await figure('Strategy')).toBe('Error');
    expect(await figure('Confidence')).toBe('0%');
    await session.page.unroute(/\/api\/strategy$/);
  });

  it('names a value out of range in words before sending it, and clears the previous answer', async () => {
    await open(`${withData}/optionEdge`);
    await session.page.getByRole('button', { name: 'Get Strategy' }).click();
    await session.page.locator('.study-result').waitFor();
    const calls: string[] = [];
    session.page.on('request', (request) => {
      if (request.url().endsWith('/api/strategy')) calls.push(request.url());
    });
    await session.page.getByLabel('VIX', { exact: true }).fill('-3');
    await session.page.getByRole('button', { name: 'Get Strategy' }).click();
    await session.page.getByText('India VIX must be between 0 and 200').waitFor();
    expect(calls).toEqual([]);
    expect(await session.page.locator('.study-result').count()).toBe(0);
  });
});

describe('pattern detector (/patternDetector)', () => {
  it('shows the event select, prefilled inputs with OI 1.4 and the pattern the API gives', async () => {
    const indicators = await get('/api/indicators');
    await open(`${withData}/patternDetector`);
    await session.page.getByRole('heading', { name: 'Pattern Detector AI' }).waitFor();
    const options = await session.page
      .locator('#pattern-event option')
      .evaluateAll((list) => list.map((o) => [(o as HTMLOptionElement).value, o.textContent]));
    expect(options.map((o) => o[0])).toEqual(['rbi', 'budget', 'fed', 'results']);
    expect(options[2]![1]).toBe('US Fed');
    expect(options[3]![1]).toBe('Earnings');
    expect(await session.page.locator('#pattern-event').inputValue()).toBe('rbi');
    expect(await value('OI Change %')).toBe(fieldText(indicators.oiChange ?? 1.4));
    expect(await value('NIFTY')).toBe(fieldText(indicators.nifty));
    await session.page.locator('#pattern-event').selectOption('fed');
    await session.page.getByRole('button', { name: 'Detect Pattern' }).click();
    const expected = await post('/api/pattern-detect', {
      event: 'fed',
      nifty: Number(fieldText(indicators.nifty)),
      rsi: Number(fieldText(indicators.rsi)),
      vix: Number(fieldText(indicators.vix)),
      oiChange: indicators.oiChange ?? 1.4,
    });
    await session.page.getByText(expected.reason).waitFor();
    expect(await figure('Pattern')).toBe(expected.pattern);
    expect(await figure('Signal')).toBe(expected.signal);
    expect(await figure('Confidence')).toBe(`${expected.confidence}%`);
    await expectMethodsLink('patterns');
    await expectNoSeriousAxeViolations(session.page);
  });

  it('says plainly when market data is not loaded', async () => {
    await open(`${empty.url}/patternDetector`);
    await session.page.getByText('Market data not loaded').waitFor();
    await session.page.getByRole('button', { name: 'Detect Pattern' }).click();
    await session.page.getByText('Enter NIFTY, for example 24500').waitFor();
    expect(await session.page.locator('.study-result').count()).toBe(0);
  });

  it('clears the previous result when a new error shows', async () => {
    await open(`${withData}/patternDetector`);
    await session.page.getByRole('button', { name: 'Detect Pattern' }).click();
    await session.page.locator('.study-result').waitFor();
    await session.page.getByLabel('RSI', { exact: true }).fill('');
    await session.page.getByRole('button', { name: 'Detect Pattern' }).click();
    await session.page.getByText('Enter RSI, for example 56.1').waitFor();
    expect(await session.page.locator('.study-result').count()).toBe(0);
  });
});

describe('trading methods (/trading-methods)', () => {
  it('shows the methods document with the anchors the tools link to', async () => {
    await open(`${withData}/trading-methods`);
    await session.page.getByRole('heading', { level: 1, name: 'Trading methods' }).waitFor();
    for (const id of ['data', 'signal', 'backtest', 'strategy', 'patterns'])
      expect(await session.page.locator(`h2#${id}`).count(), id).toBe(1);
    expect(await session.page.locator('table').count()).toBeGreaterThan(1);
    await expectNoSeriousAxeViolations(session.page);
  });

  it('is reached from a tool by its link, at the section', async () => {
    await open(`${withData}/optionEdgeBacktest`);
    await session.page.locator('a[href="/trading-methods#backtest"]').click();
    await session.page.waitForURL(/\/trading-methods#backtest$/);
    await session.page.locator('h2#backtest').waitFor();
  });
});

// Issue 29: these read the fields the server adds (evidence, vixPercentile, legs with Greeks, payoff,
// breakevens); they pass once the server answers with them.
describe('evidence with every answer (issue 29)', () => {
  it('the signal screen shows the evidence panel and India VIX’s percentile over the last year', async () => {
    const indicators = await get('/api/indicators');
    const expected = await post('/api/signal', {
      nifty: Number(fieldText(indicators.nifty)),
      rsi: Number(fieldText(indicators.rsi)),
      vix: Number(fieldText(indicators.vix)),
      oiChange: indicators.oiChange ?? 1.4,
    });
    await open(`${withData}/tradebot`);
    await session.page.getByRole('button', { name: 'Get Signal' }).click();
    const panel = session.page.getByRole('region', { name: 'Evidence' });
    await panel.waitFor();
    const text = await panel.textContent();
    expect(text).toContain(`${expected.evidence.n.toLocaleString('en-IN')} past case`);
    expect(text).toContain(`${Math.abs(expected.evidence.hitRate).toFixed(1)}% (95% interval`);
    if (expected.signal === 'HOLD') expect(text).toContain('Why no trade:');
    if (expected.vixPercentile !== null)
      await session.page
        .getByText(/India VIX is at the \d+(st|nd|rd|th) percentile of the last year/)
        .waitFor();
    await expectNoSeriousAxeViolations(session.page);
  });

  it('the strategy screen draws the payoff chart with its zero line and breakevens, and the legs with Greeks', async () => {
    await open(`${withData}/optionEdge`);
    await session.page.getByRole('button', { name: 'Get Strategy' }).click();
    await session.page.getByRole('region', { name: /^Evidence/ }).waitFor();
    const chart = session.page.getByRole('img', { name: /^Payoff of one lot from NIFTY/ });
    await chart.waitFor();
    expect(await chart.locator('[data-zero-line]').count()).toBe(1);
    expect(await chart.locator('path.payoff__expiry').count()).toBe(1);
    expect(await chart.locator('path.payoff__today').count()).toBe(1);
    const legs = session.page.getByRole('region', { name: 'Legs and Greeks' });
    expect(await legs.locator('thead th').allTextContents()).toEqual([
      'Leg',
      'Strike',
      'Expiry',
      'Premium',
      'Delta',
      'Gamma',
      'Theta',
      'Vega',
    ]);
    expect(await legs.locator('tbody tr').count()).toBeGreaterThan(0);
    const main = (await session.page.locator('main').textContent()) ?? '';
    if (/^no trade$/i.test((await figure('Strategy'))?.trim() ?? ''))
      expect(main).toMatch(/Considered and rejected: \S/);
    await expectNoSeriousAxeViolations(session.page);
  });

  it('the pattern screen shows the evidence panel', async () => {
    await open(`${withData}/patternDetector`);
    await session.page.getByRole('button', { name: 'Detect Pattern' }).click();
    await session.page.getByRole('region', { name: 'Evidence' }).waitFor();
  });
});
