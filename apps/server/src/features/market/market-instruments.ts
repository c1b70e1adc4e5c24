/** An instrument as the site names it, with the public source's symbol for the sync. */
export interface Instrument {
  symbol: string;
  name: string;
  kind: 'index' | 'stock';
  /** Yahoo Finance's symbol; undefined when the source has none the site knows. */
  sourceSymbol: string | undefined;
}

import { INDIA_VIX, NIFTY_50 } from '@hurryup/market/market-data';

export { INDIA_VIX, NIFTY_50 };

// Index files named the way ../shared/data/market and common downloads name them, and Yahoo's symbols.
const indices: { symbol: string; name: string; sourceSymbol: string | undefined; files: string[] }[] = [
  { symbol: NIFTY_50, name: 'NIFTY 50', sourceSymbol: '^NSEI', files: ['nifty50', 'nifty_50', 'nifty 50'] },
  {
    symbol: INDIA_VIX,
    name: 'India VIX',
    sourceSymbol: '^INDIAVIX',
    files: ['indiavix', 'india_vix', 'india vix'],
  },
  {
    symbol: 'NIFTY BANK',
    name: 'NIFTY Bank',
    sourceSymbol: '^NSEBANK',
    files: ['banknifty', 'bank_nifty', 'nifty_bank', 'nifty bank'],
  },
  { symbol: 'NIFTY IT', name: 'NIFTY IT', sourceSymbol: '^CNXIT', files: [] },
  { symbol: 'NIFTY PHARMA', name: 'NIFTY Pharma', sourceSymbol: '^CNXPHARMA', files: [] },
  { symbol: 'NIFTY AUTO', name: 'NIFTY Auto', sourceSymbol: '^CNXAUTO', files: [] },
  { symbol: 'NIFTY FMCG', name: 'NIFTY FMCG', sourceSymbol: '^CNXFMCG', files: [] },
  { symbol: 'NIFTY METAL', name: 'NIFTY Metal', sourceSymbol: '^CNXMETAL', files: [] },
  { symbol: 'NIFTY REALTY', name: 'NIFTY Realty', sourceSymbol: '^CNXREALTY', files: [] },
  { symbol: 'NIFTY PSU BANK', name: 'NIFTY PSU Bank', sourceSymbol: '^CNXPSUBANK', files: [] },
  { symbol: 'NIFTY ENERGY', name: 'NIFTY Energy', sourceSymbol: '^CNXENERGY', files: [] },
  {
    symbol: 'NIFTY FIN SERVICE',
    name: 'NIFTY Financial Services',
    sourceSymbol: 'NIFTY_FIN_SERVICE.NS',
    files: [],
  },
  { symbol: 'NIFTY MEDIA', name: 'NIFTY Media', sourceSymbol: '^CNXMEDIA', files: [] },
  { symbol: 'NIFTY INFRA', name: 'NIFTY Infrastructure', sourceSymbol: '^CNXINFRA', files: [] },
  { symbol: 'NIFTY MNC', name: 'NIFTY MNC', sourceSymbol: '^CNXMNC', files: [] },
];

/** The NIFTY 50 constituents (as of 2025, the stock files' set), in NSE's spelling. */
export const NIFTY_50_STOCKS = [
  'ADANIENT',
  'ADANIPORTS',
  'APOLLOHOSP',
  'ASIANPAINT',
  'AXISBANK',
  'BAJAJ-AUTO',
  'BAJAJFINSV',
  'BAJFINANCE',
  'BEL',
  'BHARTIARTL',
  'CIPLA',
  'COALINDIA',
  'DRREDDY',
  'EICHERMOT',
  'ETERNAL',
  'GRASIM',
  'HCLTECH',
  'HDFCBANK',
  'HDFCLIFE',
  'HEROMOTOCO',
  'HINDALCO',
  'HINDUNILVR',
  'ICICIBANK',
  'INDUSINDBK',
  'INFY',
  'ITC',
  'JIOFIN',
  'JSWSTEEL',
  'KOTAKBANK',
  'LT',
  'M&M',
  'MARUTI',
  'NESTLEIND',
  'NTPC',
  'ONGC',
  'POWERGRID',
  'RELIANCE',
  'SBILIFE',
  'SBIN',
  'SHRIRAMFIN',
  'SUNPHARMA',
  'TATACONSUM',
  'TATAMOTORS',
  'TATASTEEL',
  'TCS',
  'TECHM',
  'TITAN',
  'TRENT',
  'ULTRACEMCO',
  'WIPRO',
] as const;

/** Every index the site knows, for the sync. */
export const knownIndices: Instrument[] = indices.map(({ files: _files, ...index }) => ({
  ...index,
  kind: 'index',
}));

/** A stock symbol as NSE writes it: capitals, digits, '&' and '-' (M&M, BAJAJ-AUTO). */
export const stockSymbolPattern = /^[A-Z0-9][A-Z0-9&-]{0,19}$/;

export function stockInstrument(symbol: string): Instrument {
  return { symbol, name: symbol, kind: 'stock', sourceSymbol: `${symbol}.NS` };
}

/**
 * The instrument a file holds, from its name: `stocks/<SYMBOL>.csv` is a stock (`M_M` stands for M&M,
 * since '&' is awkward in file names); any other `<name>.csv` is an index, `nifty_it.csv` → NIFTY IT, with
 * the aliases above (nifty50 → NIFTY 50, indiavix → INDIA VIX, banknifty → NIFTY BANK). A string is a
 * reason the name cannot be used.
 */
export function instrumentForFile(relativePath: string): Instrument | string {
  const parts = relativePath.split(/[\\/]/);
  const base = parts.at(-1)!.replace(/\.csv$/i, '');
  const folder = parts.length > 1 ? parts.at(-2)!.toLowerCase() : '';
  if (folder === 'stocks') {
    const symbol = base.toUpperCase().replaceAll('_', '&');
    if (!stockSymbolPattern.test(symbol)) return `"${base}" is not an NSE stock symbol`;
    return stockInstrument(symbol);
  }
  const key = base.toLowerCase();
  const alias = indices.find((index) => index.files.includes(key));
  const symbol = alias?.symbol ?? key.toUpperCase().replaceAll(/[_-]+/g, ' ').trim();
  if (!/^[A-Z0-9][A-Z0-9 &]{0,39}$/.test(symbol)) return `"${base}" does not name an index`;
  const known = knownIndices.find((index) => index.symbol === symbol);
  return known ?? { symbol, name: symbol, kind: 'index', sourceSymbol: undefined };
}
