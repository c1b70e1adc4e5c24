import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeBar {
  /** Seconds since 1970: Yahoo stamps each daily bar at the session's start (09:15 India time). */
  time: number;
  open: number | null;
  high: number | null;
  low: number | null;
  close: number | null;
  volume: number | null;
}

export interface FakeYahoo {
  url: string;
  /** Paths asked for, e.g. '/v8/finance/chart/%5ENSEI?range=5d&interval=1d&includePrePost=false'. */
  requests: string[];
  /** What each symbol answers; a symbol without an entry answers Yahoo's 404 "No data found". */
  symbols: Map<string, { bars: FakeBar[]; price?: number; previousClose?: number } | 'garbage' | 'hang'>;
  close(): Promise<void>;
}

/** 09:15 India time on a date, in seconds (how Yahoo stamps NSE daily bars). */
export const sessionStart = (date: string) => Date.parse(`${date}T09:15:00+05:30`) / 1000;

/** A local server answering like Yahoo Finance's chart API (`/v8/finance/chart/<symbol>`), in its real JSON shape. */
export async function startFakeYahoo(): Promise<FakeYahoo> {
  const symbols: FakeYahoo['symbols'] = new Map();
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    requests.push(req.url ?? '');
    const url = new URL(req.url ?? '/', 'http://x');
    const match = /^\/v8\/finance\/chart\/([^/]+)$/.exec(url.pathname);
    const symbol = match ? decodeURIComponent(match[1]!) : '';
    const entry = symbols.get(symbol);
    if (entry === 'hang') return; // never answers: the adapter's timeout must fire
    res.setHeader('content-type', 'application/json;charset=utf-8');
    if (entry === 'garbage') {
      res.end('<html>Will be right back…</html>');
      return;
    }
    if (!entry) {
      res.statusCode = 404;
      res.end(
        JSON.stringify({
          chart: {
            result: null,
            error: { code: 'Not Found', description: 'No data found, symbol may be delisted' },
          },
        }),
      );
      return;
    }
    const last = entry.bars.at(-1);
    const price = entry.price ?? last?.close ?? 0;
    res.end(
      JSON.stringify({
        chart: {
          result: [
            {
              meta: {
                currency: 'INR',
                symbol,
                exchangeName: 'NSI',
                fullExchangeName: 'NSE',
                instrumentType: symbol.startsWith('^') ? 'INDEX' : 'EQUITY',
                firstTradeDate: 1190000000,
                regularMarketTime: (last?.time ?? 0) + 6 * 3600,
                hasPrePostMarketData: false,
                gmtoffset: 19800,
                timezone: 'IST',
                exchangeTimezoneName: 'Asia/Kolkata',
                regularMarketPrice: price,
                fiftyTwoWeekHigh: price,
                fiftyTwoWeekLow: price,
                regularMarketDayHigh: last?.high ?? price,
                regularMarketDayLow: last?.low ?? price,
                regularMarketVolume: last?.volume ?? 0,
                chartPreviousClose: entry.previousClose ?? price,
                previousClose: entry.previousClose ?? price,
                scale: 3,
                priceHint: 2,
                dataGranularity: '1d',
                range: url.searchParams.get('range'),
                validRanges: ['1d', '5d', '1mo', '3mo', '6mo', '1y', '2y', '5y', '10y', 'ytd', 'max'],
              },
              timestamp: entry.bars.map((b) => b.time),
              indicators: {
                quote: [
                  {
                    open: entry.bars.map((b) => b.open),
                    high: entry.bars.map((b) => b.high),
                    low: entry.bars.map((b) => b.low),
                    close: entry.bars.map((b) => b.close),
                    volume: entry.bars.map((b) => b.volume),
                  },
                ],
                adjclose: [{ adjclose: entry.bars.map((b) => b.close) }],
              },
            },
          ],
          error: null,
        },
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    symbols,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
