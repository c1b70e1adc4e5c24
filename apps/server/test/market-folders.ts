import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A small market folder written by the tests (so they run whether or not MARKET_DATA_DIR is set):
 * `days` weekdays of NIFTY 50, INDIA VIX and two stocks ending on `end`, with a steady rise so the
 * numbers are predictable, and a last NIFTY bar that breaks out above the 20-day high.
 */
export function writeMarketFolder({ days = 260, end = '2025-06-27' } = {}): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'hurryup-market-'));
  const dates: string[] = [];
  const day = new Date(`${end}T00:00:00Z`);
  while (dates.length < days) {
    const weekday = day.getUTCDay();
    if (weekday !== 0 && weekday !== 6) dates.unshift(day.toISOString().slice(0, 10));
    day.setUTCDate(day.getUTCDate() - 1);
  }
  const rows = (base: number, step: number, withVolume: boolean) =>
    dates.map((date, i) => {
      // A gentle zig-zag around a rising line: closes alternate ±1% so RSI stays between the extremes.
      const close = base + i * step + (i % 2 === 0 ? base * 0.01 : -base * 0.01);
      const open = close - step / 2;
      const high = Math.max(open, close) + base * 0.004;
      const low = Math.min(open, close) - base * 0.004;
      const volume = withVolume ? `,${100_000 + (i % 5) * 1000}` : '';
      return `${date},${open.toFixed(2)},${high.toFixed(2)},${low.toFixed(2)},${close.toFixed(2)}${volume}`;
    });
  const nifty = rows(20000, 10, false);
  // The last session closes far above the range of the 20 before it: a breakout.
  const lastDate = dates.at(-1)!;
  nifty[nifty.length - 1] = `${lastDate},22700.00,23500.00,22690.00,23400.00`;
  fs.writeFileSync(path.join(folder, 'nifty50.csv'), `date,open,high,low,close\n${nifty.join('\n')}\n`);
  fs.writeFileSync(
    path.join(folder, 'indiavix.csv'),
    `date,open,high,low,close\n${rows(14, 0.001, false).join('\n')}\n`,
  );
  fs.mkdirSync(path.join(folder, 'stocks'));
  fs.writeFileSync(
    path.join(folder, 'stocks', 'TCS.csv'),
    `date,open,high,low,close,volume\n${rows(3500, 2, true).join('\n')}\n`,
  );
  fs.writeFileSync(
    path.join(folder, 'stocks', 'M_M.csv'),
    `date,open,high,low,close,volume\n${rows(2500, -1, true).join('\n')}\n`,
  );
  fs.writeFileSync(
    path.join(folder, 'stocks', 'index.csv'),
    'symbol,file,rows,first,last\nTCS,TCS.csv,1,x,y\n',
  );
  return folder;
}

export function writeEventsFolder(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'hurryup-events-'));
  fs.writeFileSync(
    path.join(folder, 'nse_holidays.csv'),
    'date,event,kind,impact\n2025-03-14,Holi,holiday,closed\n2025-08-15,Independence Day,holiday,closed\n',
  );
  fs.writeFileSync(
    path.join(folder, 'rbi_mpc.csv'),
    'date,event,kind,impact\n2025-08-06,RBI MPC: repo unchanged at 5.50%,rbi,medium\n',
  );
  return folder;
}
