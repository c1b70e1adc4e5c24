import { describe, expect, it } from 'vitest';
import { OPTION_STT_ON_SELL, optionOrderCosts, rateOn, TAX_ON_CHARGES } from './trade-costs.ts';

describe('the cost stack of an option order', () => {
  it('charges a buy in June 2025: brokerage, exchange, SEBI, GST and stamp duty, no STT', () => {
    // 75 × ₹100 = ₹7,500: exchange 0.03503 % = 2.62725, SEBI 0.0001 % = 0.0075, GST 18 % of 22.63475 =
    // 4.074255, stamp 0.003 % = 0.225; total 26.934005.
    const costs = optionOrderCosts({ date: '2025-06-06', side: 'buy', premium: 100, quantity: 75 });
    expect(costs.stt).toBe(0);
    expect(costs.exchange).toBeCloseTo(2.62725, 10);
    expect(costs.sebi).toBeCloseTo(0.0075, 10);
    expect(costs.gst).toBeCloseTo(4.074255, 10);
    expect(costs.stamp).toBeCloseTo(0.225, 10);
    expect(costs.total).toBeCloseTo(26.934005, 10);
  });

  it('charges STT on a sell at the rate of its date, not stamp duty', () => {
    const sell = optionOrderCosts({ date: '2025-06-06', side: 'sell', premium: 100, quantity: 75 });
    expect(sell.stt).toBeCloseTo(7.5, 10); // 0.1 % from 2024-10-01
    expect(sell.stamp).toBe(0);
    expect(sell.total).toBeCloseTo(34.209005, 10);
    // January 2016: STT 0.017 %, exchange 0.05 %, SEBI ₹15 a crore, service tax 14.5 %:
    // 1.275 + 3.75 + 0.01125 + 0.145 × 23.76125 (= 3.44538125) + 20 = 28.48163125.
    const old = optionOrderCosts({ date: '2016-01-05', side: 'sell', premium: 100, quantity: 75 });
    expect(old.total).toBeCloseTo(28.48163125, 10);
  });

  it('changes rates on their effective dates', () => {
    expect(rateOn(OPTION_STT_ON_SELL, '2023-03-31')).toBe(0.0005);
    expect(rateOn(OPTION_STT_ON_SELL, '2023-04-01')).toBe(0.000625);
    expect(rateOn(OPTION_STT_ON_SELL, '2024-09-30')).toBe(0.000625);
    expect(rateOn(OPTION_STT_ON_SELL, '2024-10-01')).toBe(0.001);
    expect(rateOn(TAX_ON_CHARGES, '2017-06-30')).toBe(0.15);
    expect(rateOn(TAX_ON_CHARGES, '2017-07-01')).toBe(0.18);
  });
});
