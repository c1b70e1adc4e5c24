/**
 * The Indian cost stack of one NIFTY option order (docs/trading-methods.md "Costs"): brokerage, securities
 * transaction tax (STT), the exchange transaction charge, SEBI's turnover fee, GST (service tax before July
 * 2017) and stamp duty, each at the rate in force on the trade date. Money in rupees; `premium` is the
 * option price per unit (index points = rupees per unit), turnover = premium × quantity.
 */

/** A rate in force from `from` (India date, inclusive), with where it comes from. */
export type DatedRate = { from: string; rate: number; source: string };

/** Flat brokerage per executed order, rupees: a discount broker's price for index options. */
export const BROKERAGE_PER_ORDER = 20;

/** STT on the sell side of an option, fraction of the premium turnover. */
export const OPTION_STT_ON_SELL: readonly DatedRate[] = [
  { from: '2013-06-01', rate: 0.00017, source: 'Finance Act 2013: 0.017% of the option premium, sell side' },
  { from: '2016-06-01', rate: 0.0005, source: 'Finance Act 2016: 0.05% of the option premium, sell side' },
  {
    from: '2023-04-01',
    rate: 0.000625,
    source: 'Finance Act 2023: 0.0625% of the option premium, sell side',
  },
  {
    from: '2024-10-01',
    rate: 0.001,
    source: 'Finance (No. 2) Act 2024: 0.1% of the option premium, sell side',
  },
];

/** NSE's transaction charge on options, fraction of the premium turnover, both sides. */
export const NSE_OPTION_TRANSACTION_CHARGE: readonly DatedRate[] = [
  {
    from: '2013-01-01',
    rate: 0.0005,
    source:
      'NSE options transaction charges: 0.05% of premium turnover (the slab rates ran 0.05–0.053%; the lower bound)',
  },
  {
    from: '2024-10-01',
    rate: 0.0003503,
    source:
      'NSE circular of September 2024 (SEBI "true to label" circular of 1 July 2024): 0.03503% of premium, one uniform rate',
  },
];

/** SEBI's turnover fee, fraction of the premium turnover, both sides. */
export const SEBI_TURNOVER_FEE: readonly DatedRate[] = [
  { from: '2013-01-01', rate: 0.0000015, source: 'SEBI turnover fee of Rs 15 per crore' },
  { from: '2020-06-01', rate: 0.000001, source: 'SEBI turnover fee of Rs 10 per crore from 1 June 2020' },
];

/** Tax on brokerage, transaction charge and SEBI fee: service tax, then GST. */
export const TAX_ON_CHARGES: readonly DatedRate[] = [
  { from: '2012-04-01', rate: 0.1236, source: 'Service tax 12% plus education cesses (12.36%)' },
  { from: '2015-06-01', rate: 0.14, source: 'Service tax 14% (Finance Act 2015)' },
  { from: '2015-11-15', rate: 0.145, source: 'Service tax 14% plus Swachh Bharat cess 0.5%' },
  {
    from: '2016-06-01',
    rate: 0.15,
    source: 'Service tax 14% plus Swachh Bharat and Krishi Kalyan cesses (15%)',
  },
  { from: '2017-07-01', rate: 0.18, source: 'GST 18% on financial services from 1 July 2017' },
];

/** Stamp duty on the buy side, fraction of the premium turnover. */
export const OPTION_STAMP_DUTY_ON_BUY: readonly DatedRate[] = [
  {
    from: '2013-01-01',
    rate: 0.00003,
    source:
      'Before July 2020 each state set its own duty; the uniform 0.003% that followed is used for the earlier years too',
  },
  {
    from: '2020-07-01',
    rate: 0.00003,
    source:
      'Indian Stamp Act as amended by the Finance Act 2019, in force 1 July 2020: 0.003% of the premium, buy side',
  },
];

/** The rate of `table` in force on `date` (the first row's before it). */
export function rateOn(table: readonly DatedRate[], date: string): number {
  let rate = (table[0] as DatedRate).rate;
  for (const row of table) if (row.from <= date) rate = row.rate;
  return rate;
}

export type OrderCosts = {
  brokerage: number;
  stt: number;
  exchange: number;
  sebi: number;
  gst: number;
  stamp: number;
  total: number;
};

/** The costs of one option order of `quantity` units at `premium` rupees each on `date`. */
export function optionOrderCosts(order: {
  date: string;
  side: 'buy' | 'sell';
  premium: number;
  quantity: number;
}): OrderCosts {
  const turnover = Math.max(0, order.premium) * order.quantity;
  const brokerage = BROKERAGE_PER_ORDER;
  const stt = order.side === 'sell' ? turnover * rateOn(OPTION_STT_ON_SELL, order.date) : 0;
  const exchange = turnover * rateOn(NSE_OPTION_TRANSACTION_CHARGE, order.date);
  const sebi = turnover * rateOn(SEBI_TURNOVER_FEE, order.date);
  const gst = (brokerage + exchange + sebi) * rateOn(TAX_ON_CHARGES, order.date);
  const stamp = order.side === 'buy' ? turnover * rateOn(OPTION_STAMP_DUTY_ON_BUY, order.date) : 0;
  return {
    brokerage,
    stt,
    exchange,
    sebi,
    gst,
    stamp,
    total: brokerage + stt + exchange + sebi + gst + stamp,
  };
}

/** NSE's price tick for options: no order is priced below (or between multiples of) ₹0.05. */
export const OPTION_TICK = 0.05;
