import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PayoffChart } from './StrategyPayoff.tsx';
import StudyEvidence, { EvidencePanel, ordinal, VixPercentile } from './StudyEvidence.tsx';

const evidence = {
  n: 41,
  hitRate: 20.8,
  interval: [10.2, 36.1] as const,
  baseRate: 25,
  meanProfit: -1234.5,
  worst: -6470,
};

const payoff = Array.from({ length: 21 }, (_, i) => {
  const spot = 25000 + i * 100;
  const atExpiry = (Math.abs(spot - 26000) - 300) * 75;
  return { spot, atExpiry, today: atExpiry * 0.8 + 2000 };
});

/** Dynamic imports take their time on a busy machine. */
const slow = { timeout: 10_000 };

describe('evidence panel (issue 29)', () => {
  it('shows n, the hit rate with its interval, the base rate, the mean profit and the worst, and why no trade', () => {
    render(<EvidencePanel evidence={evidence} unit="rupees" noTrade />);
    const panel = screen.getByRole('region', { name: 'Evidence' });
    const text = panel.textContent ?? '';
    expect(text).toContain('41 past cases');
    expect(text).toContain('20.8% (95% interval 10.2%–36.1%)');
    expect(text).toContain('Base rate25.0%');
    expect(text).toContain('−₹1,234.50 per lot');
    expect(text).toContain('−₹6,470.00 per lot');
    expect(text).toContain(
      "Why no trade: history does not support one: the hit rate's lower bound, 10.2%, does not clear the base rate of 25.0%.",
    );
  });

  it('names a sample under 30 as the reason, in points per unit for a signal', () => {
    render(
      <EvidencePanel
        evidence={{ ...evidence, n: 1, hitRate: 100, interval: [20.7, 100], meanProfit: 81.2 }}
        unit="points"
        noTrade
      />,
    );
    expect(screen.getByText(/only 1 past case, and a trade needs at least 30/)).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Evidence' }).textContent).toContain('+81.20 points per unit');
  });

  it("gives India VIX's percentile over the last year in words", () => {
    render(<VixPercentile percentile={3} />);
    expect(
      screen.getByText(/India VIX is at the 3rd percentile of the last year \(options are cheap\)/),
    ).toBeTruthy();
    expect([1, 2, 3, 4, 11, 12, 13, 21, 42, 93].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '42nd',
      '93rd',
    ]);
  });
});

describe('strategy answer (issue 29)', () => {
  const answer = {
    strategy: 'No Trade',
    confidence: 0,
    reason: 'History does not support a trade.',
    legs: [
      {
        kind: 'call' as const,
        strike: 26000,
        quantity: 1,
        type: 'CE' as const,
        side: 'BUY' as const,
        expiry: '2025-12-02',
        premium: 152.35,
        delta: 0.521,
        gamma: 0.00061,
        theta: -12.4,
        vega: 14.2,
      },
      {
        kind: 'put' as const,
        strike: 26000,
        quantity: 1,
        type: 'PE' as const,
        side: 'BUY' as const,
        expiry: '2025-12-02',
        premium: 147.9,
        delta: -0.479,
        gamma: 0.00061,
        theta: -11.9,
        vega: 14.2,
      },
    ],
    payoff,
    breakevens: [25700, 26300],
    payoffStrategy: 'Long Straddle',
    payoffStatus: 'rejected' as const,
    evidence,
    vixPercentile: 3,
  };

  it('says what was considered and rejected, with its evidence, legs with Greeks and the payoff chart', async () => {
    render(<StudyEvidence answer={answer} unit="rupees" noTrade strategy={answer.strategy} />);
    screen.getByText('Considered and rejected: Long Straddle');
    screen.getByRole('region', { name: 'Evidence for Long Straddle (rejected)' });
    const legs = await screen.findByRole('region', { name: 'Legs and Greeks' }, slow);
    const rows = within(legs).getAllByRole('row');
    expect(rows[0]?.textContent).toBe('LegStrikeExpiryPremiumDeltaGammaThetaVega');
    expect(rows[1]?.textContent).toBe('BUY CE26,0002025-12-02152.350.5210.00061-12.4014.20');
    const chart = screen.getByRole('img', { name: /^Payoff of one lot from NIFTY 25,000 to 27,000/ });
    expect(chart.getAttribute('aria-label')).toContain('breakevens at 25,700 and 26,300');
    expect(chart.querySelectorAll('.payoff__breakeven')).toHaveLength(2);
    expect(chart.querySelector('[data-zero-line]')).not.toBeNull();
    expect(chart.querySelectorAll('path.payoff__expiry, path.payoff__today')).toHaveLength(2);
  });

  it('draws nothing extra for an answer without the added fields', () => {
    const { container } = render(
      <StudyEvidence answer={{}} unit="rupees" noTrade={false} strategy="Iron Condor" />,
    );
    expect(container.textContent).toBe('');
  });
});

describe('payoff chart', () => {
  it('puts the zero line where P&L is 0 and each breakeven where the expiry line crosses it', () => {
    const { container } = render(<PayoffChart payoff={payoff} breakevens={[25700, 26300]} />);
    const zero = container.querySelector('[data-zero-line]') as SVGLineElement;
    const circles = [...container.querySelectorAll('.payoff__breakeven circle')];
    for (const circle of circles) expect(circle.getAttribute('cy')).toBe(zero.getAttribute('y1'));
    // 25,700 is 7/20 of the way from 25,000 to 27,000 across the plot (58 to 468).
    expect(Number(circles[0]?.getAttribute('cx'))).toBeCloseTo(58 + (410 * 7) / 20, 5);
  });
});

describe('payoff axis', () => {
  it('writes amounts short, the Indian way', async () => {
    const { shortRupees } = await import('./StrategyPayoff.tsx');
    expect([150000, 50000, 2500, 0, -1500, -250000].map(shortRupees)).toEqual([
      '₹1.5L',
      '₹50k',
      '₹2.5k',
      '₹0',
      '−₹1.5k',
      '−₹2.5L',
    ]);
  });
});
