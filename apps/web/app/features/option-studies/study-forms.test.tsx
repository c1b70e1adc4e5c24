import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BacktestRunner, tradesPerPage } from './BacktestRunner.tsx';
import { PatternDetector } from './PatternDetector.tsx';
import { SignalView, saveModeTexts } from './SignalView.tsx';
import { StrategyRecommender } from './StrategyRecommender.tsx';

const site = { name: 'Hurry Up', baseUrl: 'http://localhost', ads: { slots: {} } };
const indicators = {
  state: 'ok' as const,
  data: { nifty: 26129.6, rsi: 56.07, vix: 9.48, asOf: '2025-11-26' },
};

function renderInRouter(element: ReactElement) {
  const Stub = createRoutesStub([
    { id: 'root', path: '/', loader: () => ({ site, nonce: undefined }), Component: () => element },
  ]);
  return render(<Stub initialEntries={['/']} />);
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Dynamic imports (the API client, the field checks) take their time on a busy machine. */
const slow = { timeout: 10_000 };

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

/** The message shown beside a field and tied to it for screen readers. */
function problemOf(label: string): string | null {
  const input = screen.getByLabelText(label, { exact: true });
  const id = input.getAttribute('aria-describedby');
  if (!id) return null;
  expect(input.getAttribute('aria-invalid')).toBe('true');
  return document.getElementById(id)?.textContent ?? null;
}

describe('a field the visitor cleared or mistyped is never sent', () => {
  it('signal: says which field is wrong beside it, sends nothing, and clears the previous answer', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      json(200, {
        signal: 'HOLD',
        confidence: 57.5,
        reason: 'RSI 56.07 is neutral.',
        evidence: {
          n: 200,
          hitRate: 41,
          interval: [34.4, 47.9],
          baseRate: 45.6,
          meanProfit: -12.76,
          worst: -480,
        },
        vixPercentile: 1.6,
        asOf: '2025-11-26',
      }),
    );
    renderInRouter(<SignalView indicators={indicators} saveMode={false} />);
    const oi = await screen.findByLabelText('OI Change %', { exact: true }, slow);
    expect((oi as HTMLInputElement).value).toBe('1.4');
    fireEvent.click(screen.getByRole('button', { name: 'Get Signal' }));
    await screen.findByText('RSI 56.07 is neutral.', undefined, slow);
    expect(fetch).toHaveBeenCalledOnce();

    fireEvent.change(screen.getByLabelText('India VIX', { exact: true }), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('RSI', { exact: true }), { target: { value: '56.x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Get Signal' }));
    await waitFor(() => expect(problemOf('India VIX')).toBe('Enter India VIX, for example 14.5'), slow);
    // The letters stay in the field, and the field says what is wrong with them.
    expect((screen.getByLabelText('RSI', { exact: true }) as HTMLInputElement).value).toBe('56.x');
    expect(problemOf('RSI')).toBe('RSI must be a number, for example 56.1');
    expect(document.activeElement).toBe(screen.getByLabelText('RSI', { exact: true }));
    expect(fetch).toHaveBeenCalledOnce();
    expect(screen.queryByText('RSI 56.07 is neutral.')).toBeNull();
    // Corrected, the message goes as the visitor types.
    fireEvent.change(screen.getByLabelText('India VIX', { exact: true }), { target: { value: '14.5' } });
    await waitFor(() => expect(problemOf('India VIX')).toBeNull(), slow);
  });

  it("signal: the server's refusal reads as words beside the field it names, and the old answer goes", async () => {
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(
        json(200, {
          signal: 'BUY PUT',
          confidence: 39.7,
          reason: 'Overbought.',
          evidence: {
            n: 200,
            hitRate: 41,
            interval: [34.4, 47.9],
            baseRate: 45.6,
            meanProfit: -12.76,
            worst: -480,
          },
          vixPercentile: 64.7,
          asOf: 'x',
        }),
      )
      .mockResolvedValueOnce(
        json(400, {
          error: 'Invalid request.',
          code: 'VALIDATION_FAILED',
          fields: {
            rsi: 'rsi must be between 0 and 100.',
            oiChange: 'oiChange must be between -1000 and 1000.',
          },
        }),
      );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderInRouter(<SignalView indicators={indicators} saveMode={false} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Get Signal' }, slow));
    await screen.findByText('Overbought.', undefined, slow);
    fireEvent.click(screen.getByRole('button', { name: 'Get Signal' }));
    await waitFor(() => expect(problemOf('RSI')).toBe('RSI must be between 0 and 100'), slow);
    expect(problemOf('OI Change %')).toBe('OI change % must be between −1000 and 1000');
    expect(document.body.textContent).not.toMatch(/rsi must|oiChange/);
    expect(screen.queryByText('Overbought.')).toBeNull();
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('strategy: a cleared VIX is not sent as 0', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    renderInRouter(<StrategyRecommender indicators={indicators} />);
    fireEvent.change(await screen.findByLabelText('VIX', { exact: true }, slow), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Get Strategy' }));
    await waitFor(() => expect(problemOf('VIX')).toBe('Enter India VIX, for example 14.5'), slow);
    expect(fetch).not.toHaveBeenCalled();
    expect(screen.queryByText('Failed to fetch strategy')).toBeNull();
  });

  it('pattern: an out-of-range NIFTY is named in words and the previous result goes', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      json(200, {
        pattern: 'Doji',
        signal: 'HOLD',
        confidence: 50,
        reason: 'A doji.',
        evidence: {
          n: 200,
          hitRate: 41,
          interval: [34.4, 47.9],
          baseRate: 45.6,
          meanProfit: -12.76,
          worst: -480,
        },
        asOf: '2025-11-26',
      }),
    );
    renderInRouter(<PatternDetector indicators={indicators} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Detect Pattern' }, slow));
    await screen.findByText('A doji.', undefined, slow);
    fireEvent.change(screen.getByLabelText('NIFTY', { exact: true }), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Detect Pattern' }));
    await waitFor(() => expect(problemOf('NIFTY')).toBe('NIFTY must be above 0 and below 10,00,000'), slow);
    expect(screen.queryByText('A doji.')).toBeNull();
  });
});

describe('save mode on a first visit', () => {
  it('says plainly that nothing is saved on this device yet', async () => {
    renderInRouter(<SignalView indicators={indicators} saveMode />);
    await screen.findByText(saveModeTexts.nothingSaved, undefined, slow);
    expect(document.body.textContent).not.toMatch(/could not be read/);
    expect((screen.getByLabelText('Nifty', { exact: true }) as HTMLInputElement).value).toBe('25120');
  });
});

describe('backtest', () => {
  it('shows the trades a page at a time, not all of them at once', async () => {
    const trades = Array.from({ length: 120 }, (_, i) => ({
      date: `2020-01-${String(i).padStart(3, '0')}`,
      signal: 'BUY CALL',
      nifty: 12000,
      rsi: 25,
      vix: 14,
      simulated_return: i % 2 ? 0.5 : -0.4,
    }));
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      json(200, {
        win_rate: 50,
        avg_return: 0.05,
        total_return: 6,
        max_drawdown: -3,
        trade_count: 120,
        days: 2900,
        cost: 0.05,
        from: '2014-01-01',
        to: '2025-11-26',
        trades,
      }),
    );
    renderInRouter(<BacktestRunner />);
    fireEvent.click(await screen.findByRole('button', { name: 'Run Backtest (Today)' }, slow));
    const list = await screen.findByRole('list', { name: 'Signals' }, slow);
    expect(within(list).getAllByRole('listitem')).toHaveLength(tradesPerPage);
    screen.getByText('Trades 1–50 of 120');
    fireEvent.click(screen.getByRole('button', { name: `Next ${tradesPerPage}` }));
    expect(
      within(screen.getByRole('list', { name: 'Signals' })).getAllByRole('listitem')[0]?.textContent,
    ).toMatch(/^2020-01-050, BUY CALL/);
    fireEvent.click(screen.getByRole('button', { name: `Next ${tradesPerPage}` }));
    expect(within(screen.getByRole('list', { name: 'Signals' })).getAllByRole('listitem')).toHaveLength(20);
    expect(
      (screen.getByRole('button', { name: `Next ${tradesPerPage}` }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });
});
