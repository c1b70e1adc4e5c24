import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EventCalendar } from './EventCalendar.tsx';
import { ImpactHeatmap, labelLines } from './ImpactHeatmap.tsx';
import StraddleResults from './StraddleResults.tsx';
import { StraddleSimulator } from './StraddleSimulator.tsx';
import { chartScale } from './straddle-chart.ts';
import type { StraddleAnswer } from './straddle-extras.ts';

const site = { name: 'Hurry Up', baseUrl: 'http://localhost', ads: { slots: {} } };
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

afterEach(() => vi.restoreAllMocks());

// 62 ordinary trials and one of +1,132.89 %, as in the default run of issue 29.
const distribution = [
  ...Array.from({ length: 62 }, (_, i) => Math.round((-60 + ((i * 37) % 110)) * 100) / 100),
  1132.89,
];
const answer: StraddleAnswer = {
  trials: distribution.length,
  averageReturn: -0.43,
  winRate: 36.5,
  maxProfit: 33995.5,
  maxLoss: -11353.7,
  distribution,
  details: distribution.map((_, i) => ({
    date: `2020-01-${String(i + 1).padStart(2, '0')}`,
    entryDate: '2020-01-01',
    expiry: '2020-01-30',
    callStrike: 12200,
    putStrike: 11800,
    premium: 100,
    exitValue: 90,
    returnPercent: distribution[i] as number,
    lotSize: 75,
    costs: 107,
    profit: -750,
  })),
  reason: 'RBI policy dates 2015–2024.',
  medianReturn: -19.6,
  percentiles: { p10: -55.1, p25: -40.2, p75: 12.5, p90: 40.3 },
  totalProfit: -28212,
  winRateInterval: [25.7, 48.9],
  skipped: {
    count: 1,
    trials: [{ date: '2019-02-07', reason: 'a leg would cost less than the ₹0.05 tick' }],
  },
  baseline: { trials: 480, averageReturn: -6.1, medianReturn: -22.4, winRate: 31.2, totalProfit: -201345.5 },
  structure: 'strangle',
  costs: 107,
};

describe('straddle simulator', () => {
  it('keeps 5 px per unit where the bars fit, and otherwise scales and cuts the outlier', () => {
    expect(chartScale([-20, 30, 10]).pixelsPerUnit).toBe(5);
    const scale = chartScale(distribution);
    expect(scale.pixelsPerUnit).toBeLessThan(5);
    expect((scale.top - scale.bottom) * scale.pixelsPerUnit).toBeLessThanOrEqual(300);
    expect(scale.bottom).toBeLessThanOrEqual(0);
    expect(scale.top).toBeGreaterThanOrEqual(0);
    expect(scale.clipped(1132.89)).toBe('top');
    expect(distribution.filter((v) => scale.clipped(v))).toEqual([1132.89]);
  });

  it('draws the zero line and every bar inside a chart no taller than its window, the outlier marked', () => {
    const { container } = renderInRouter(<StraddleResults result={answer} gap={200} />);
    return waitFor(() => {
      const svg = container.querySelector('.straddle-chart svg') as SVGSVGElement;
      expect(Number(svg.getAttribute('height'))).toBeLessThanOrEqual(384);
      const zero = Number(container.querySelector('[data-zero-line]')?.getAttribute('y1'));
      expect(zero).toBeGreaterThan(0);
      expect(zero).toBeLessThan(Number(svg.getAttribute('height')));
      expect(container.querySelectorAll('.straddle-chart rect')).toHaveLength(63);
      expect(container.querySelectorAll('rect[data-clipped="top"]')).toHaveLength(1);
      expect(container.querySelector('.straddle-clip')?.textContent).toBe('▲+1,133%');
      expect(container.querySelector('rect title')?.textContent).toBe(
        `Trial 1: ${distribution[0]}% (2020-01-01, expiry 2020-01-30)`,
      );
    }, slow);
  });

  it('leads with the median, the total after costs and the baseline; keeps the average, named; says strangle; lists skipped trials', async () => {
    renderInRouter(<StraddleResults result={answer} gap={200} />);
    const headline = (await screen.findByText('Median Return', undefined, slow)).closest('dl') as HTMLElement;
    expect(headline.textContent).toBe(
      'Median Return−19.60%the middle trialTotal, after costs−₹28,212.0063 trades of one lotOrdinary sessions (baseline)−22.40%median of 480 trades with no event',
    );
    expect(screen.getByText('Average Return').nextElementSibling?.textContent).toBe(
      '-0.43%the average (mean)',
    );
    expect(screen.getByText('Max Loss').nextElementSibling?.textContent).toBe('−₹11,353.70');
    expect(screen.getByText('Probability of Profit').nextElementSibling?.textContent).toBe(
      '36.5%95% interval 25.7–48.9%',
    );
    screen.getByText(/^Strangle: the call and the put are 200 points either side of NIFTY/);
    screen.getByText('1 trial skipped, and why');
    screen.getByText(': a leg would cost less than the ₹0.05 tick', { exact: false });
    screen.getByRole('region', { name: 'Against ordinary sessions' });
  });

  it('checks each field before sending: a cleared or out-of-range field is named in words, and nothing is sent', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    renderInRouter(<StraddleSimulator />);
    fireEvent.change(await screen.findByLabelText('From Year', undefined, slow), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Strike Gap (e.g. 200)'), { target: { value: '120' } });
    fireEvent.click(screen.getByRole('button', { name: 'Run Backtest' }));
    await waitFor(() => {
      expect(document.getElementById('straddle-start-year-problem')?.textContent).toBe(
        'Enter From Year, for example 2015',
      );
      expect(document.getElementById('straddle-gap-problem')?.textContent).toBe(
        'Strike Gap must be a multiple of 50',
      );
      expect(fetch).not.toHaveBeenCalled();
    }, slow);
  });

  it("maps the server's refusal to the field in words", async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      json(400, {
        error: 'Invalid request.',
        code: 'VALIDATION_FAILED',
        fields: { startYear: 'startYear must be between 2024 and 2025.' },
      }),
    );
    renderInRouter(<StraddleSimulator />);
    fireEvent.click(await screen.findByRole('button', { name: 'Run Backtest' }, slow));
    await screen.findByText('Simulation failed. Please try again.', undefined, slow);
    expect(document.getElementById('straddle-start-year-problem')?.textContent).toBe(
      'From Year must be between 2024 and 2025',
    );
    expect(document.body.textContent).not.toContain('startYear');
  });
});

describe('impact heatmap', () => {
  it('wraps long row labels instead of clipping them', () => {
    expect(labelLines('NIFTY PSU BANK')).toEqual(['NIFTY PSU', 'BANK']);
    expect(labelLines('NIFTY 50')).toEqual(['NIFTY 50']);
  });

  it('mutes the cells that are not significant at 5% and says so in its legend', async () => {
    const row = (sector: string, significant: boolean) => ({
      sector,
      '-3d': 0.12,
      '0d': -0.4,
      '+3d': 0.3,
      '+5d': null,
      '+10d': 1.1,
      events: 40,
      reason: 'r',
      significance: {
        '-3d': { n: 40, t: 0.5 },
        '0d': { n: 40, t: -2.4 },
        '+3d': { n: 40, t: significant ? 2.5 : 0.4 },
        '+5d': { n: 0, t: 0 },
        '+10d': { n: 40, t: significant ? 2.2 : 0.3 },
      },
      significant: { '-3d': false, '0d': true, '+3d': significant, '+5d': false, '+10d': significant },
    });
    const { container } = renderInRouter(
      <ImpactHeatmap
        initial={{ state: 'ok', data: [row('NIFTY 50', true), row('NIFTY PSU BANK', false)] }}
      />,
    );
    await screen.findByText(/Faded cells are not significant at 5%/, undefined, slow);
    // NIFTY 50's -3d, the PSU row's -3d, +3d and +10d, and both rows' empty +5d (no events: n 0, not significant).
    expect(container.querySelectorAll('.heatmap-cell--muted')).toHaveLength(6);
    expect(container.querySelector('.heatmap-cell--muted rect')?.getAttribute('fill-opacity')).toBe('0.3');
    expect(container.querySelector('.heatmap-cell--muted title')?.textContent).toBe(
      'NIFTY 50 -3d: 0.12% (40 events; 40 events, t = 0.50, not significant at 5%)',
    );
    expect([...container.querySelectorAll('.heatmap-label tspan')].map((t) => t.textContent)).toEqual([
      'NIFTY 50',
      'NIFTY PSU',
      'BANK',
    ]);
    // The legend sits under the chart, outside its scrolling area, so a phone sees all of it.
    expect(container.querySelector('.heatmap-scroll .heatmap-legend')).toBeNull();
    screen.getByText('Avg % Return');
  });
});

describe('event calendar', () => {
  it("shows each event's impact ratio against an ordinary session", async () => {
    renderInRouter(
      <EventCalendar
        load={{
          state: 'ok',
          data: [
            {
              date: '2025-12-05',
              event: 'RBI MPC',
              kind: 'rbi',
              impact: 'High',
              reason: 'r',
              impactRatio: 1.06,
            } as never,
          ],
        }}
      />,
    );
    await screen.findByText('Moves 1.06× an ordinary session', undefined, slow);
  });
});
