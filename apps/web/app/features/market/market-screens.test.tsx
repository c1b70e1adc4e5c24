import { render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { OptionsSimple, ruleInWords } from './OptionsSimple.tsx';
import { indiaToday, StockTable } from './StockTable.tsx';

const site = { name: 'Hurry Up', baseUrl: 'http://localhost', ads: { slots: {} } };
function renderInRouter(element: ReactElement) {
  const Stub = createRoutesStub([
    { id: 'root', path: '/', loader: () => ({ site, nonce: undefined }), Component: () => element },
  ]);
  return render(<Stub initialEntries={['/']} />);
}

/** Dynamic imports take their time on a busy machine. */
const slow = { timeout: 10_000 };

describe('/volat', () => {
  it('gives the rule behind the suggestion in words, without its internal id', async () => {
    const rule =
      'no-edge: RSI 55.0 and India VIX 13.0 match no rule: an idea needs VIX above 20, or RSI beyond 30–70 with VIX below 15';
    expect(ruleInWords(rule)).toBe(
      'RSI 55.0 and India VIX 13.0 match no rule: an idea needs VIX above 20, or RSI beyond 30–70 with VIX below 15.',
    );
    renderInRouter(
      <OptionsSimple
        load={{
          state: 'ok',
          data: {
            nifty: 26129.6,
            rsi: 55,
            vix: 13,
            suggestion: 'No trade: neither momentum nor volatility gives an edge right now.',
            rule,
            asOf: '2025-11-26',
          },
        }}
      />,
    );
    await screen.findByText(/^RSI 55\.0 and India VIX 13\.0 match no rule/, undefined, slow);
    expect(document.body.textContent).not.toContain('no-edge');
  });
});

describe('/daylow', () => {
  const row = (symbol: string, asOf: string) => ({
    symbol,
    price: 100,
    high: 101,
    low: 99,
    change: 0.5,
    rating: 'Buy',
    asOf,
  });

  it('says "as of <date>" beside Live when the prices are not today’s, and cues the sideways scroll', async () => {
    renderInRouter(<StockTable initial={{ state: 'ok', data: [row('TCS', '2025-11-26')] }} />);
    await screen.findByText('Live · as of 2025-11-26', undefined, slow);
    screen.getByText(/^Scroll sideways for Day High, Day Low, Change% and Rating/);
    screen.getByRole('region', { name: 'NIFTY 50 stocks' });
  });

  it('says only Live when the prices are today’s', async () => {
    renderInRouter(<StockTable initial={{ state: 'ok', data: [row('TCS', indiaToday())] }} />);
    await screen.findByText('Live', undefined, slow);
    expect(screen.queryByText(/as of/)).not.toBeNull(); // the table's own "prices as of" line stays
    expect(screen.queryByText(/Live · as of/)).toBeNull();
  });

  it("tells India's date, not the machine's", () => {
    expect(indiaToday(new Date('2025-11-26T19:00:00Z'))).toBe('2025-11-27');
  });
});
