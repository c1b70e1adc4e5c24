import { barProblem, type DailyBar } from '@hurryup/market/bars';

/** A problem in one line of one file, reported as `file:line: message`. */
export interface CsvProblem {
  file: string;
  /** 1-based line number; 0 when the problem is the file as a whole. */
  line: number;
  message: string;
}

export const formatCsvProblem = (p: CsvProblem) =>
  p.line > 0 ? `${p.file}:${p.line}: ${p.message}` : `${p.file}: ${p.message}`;

export interface ParsedBar extends DailyBar {
  openInterest?: number | undefined;
}

export type ParsedBars =
  | { ok: true; layout: 'plain' | 'nse'; bars: ParsedBar[] }
  | { ok: false; problems: CsvProblem[] };

type Column = 'date' | 'open' | 'high' | 'low' | 'close' | 'volume' | 'oi' | 'ignored';

// The plain layout: date,open,high,low,close[,volume] (any order, any case), plus an optional open interest.
const plainColumns: Record<string, Column> = {
  date: 'date',
  open: 'open',
  high: 'high',
  low: 'low',
  close: 'close',
  volume: 'volume',
  oi: 'oi',
  open_interest: 'oi',
};

// NSE's historical-index export (niftyindices.com / nseindia.com): 'Date,Open,High,Low,Close,Shares Traded,
// Turnover (₹ Cr)', the India VIX export's 'Prev. Close,Change,% Change', and 'Index Name' in newer files.
// Headers often carry trailing spaces ('Date ,Open ,'). Shares traded is the index's real volume; the other
// extra columns are derived values the site recomputes, so they are read past.
const nseColumns: Record<string, Column> = {
  date: 'date',
  open: 'open',
  high: 'high',
  low: 'low',
  close: 'close',
  'shares traded': 'volume',
  volume: 'volume',
  'turnover (₹ cr)': 'ignored',
  'turnover (rs. cr)': 'ignored',
  'turnover (rs cr)': 'ignored',
  turnover: 'ignored',
  'prev. close': 'ignored',
  change: 'ignored',
  '% change': 'ignored',
  'index name': 'ignored',
};

const months: Record<string, string> = {
  jan: '01',
  feb: '02',
  mar: '03',
  apr: '04',
  may: '05',
  jun: '06',
  jul: '07',
  aug: '08',
  sep: '09',
  oct: '10',
  nov: '11',
  dec: '12',
};

/** Splits one CSV line, honouring double quotes (NSE quotes numbers written with thousands separators). */
export function splitCsvLine(line: string): string[] {
  if (!line.includes('"')) return line.split(',');
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      fields.push(field);
      field = '';
    } else field += char;
  }
  fields.push(field);
  return fields;
}

/** '01-Jan-2024', '01-JAN-2024', '01 Jan 2024' or '2024-01-01' as YYYY-MM-DD; undefined when not a date. */
export function nseDate(text: string): string | undefined {
  const value = text.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const match = /^(\d{1,2})[- ]([A-Za-z]{3})[- ](\d{4})$/.exec(value);
  const month = match ? months[match[2]!.toLowerCase()] : undefined;
  if (!match || !month) return undefined;
  return `${match[3]}-${month}-${match[1]!.padStart(2, '0')}`;
}

/** A price or volume: plain decimal notation; NSE files may group thousands with commas. */
function number(text: string, thousands: boolean): number | undefined {
  const value = (thousands ? text.replaceAll(',', '') : text).trim();
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(value)) return undefined;
  return Number(value);
}

function layoutOf(header: string[]): { layout: 'plain' | 'nse'; columns: Column[] } | string {
  const names = header.map((h) => h.trim().toLowerCase());
  // NSE's files capitalise their headers; the plain layout is written in lower case.
  const isPlain =
    names.every((n) => n in plainColumns) && header.every((h) => h === h.trim() && h === h.toLowerCase());
  const table = isPlain ? plainColumns : nseColumns;
  const unknown = names.filter((n) => !(n in table));
  if (unknown.length > 0)
    return `unknown column${unknown.length > 1 ? 's' : ''} ${unknown.map((u) => JSON.stringify(u)).join(', ')}: expected date,open,high,low,close[,volume] or NSE's Date,Open,High,Low,Close,Shares Traded,Turnover (₹ Cr)`;
  const columns = names.map((n) => table[n]!);
  for (const needed of ['date', 'open', 'high', 'low', 'close'] as const) {
    if (!columns.includes(needed)) return `the header has no ${needed} column`;
  }
  const twice = columns.find((c, i) => c !== 'ignored' && columns.indexOf(c) !== i);
  if (twice) return `the header has the ${twice} column twice`;
  return { layout: isPlain ? 'plain' : 'nse', columns };
}

/**
 * Parses a daily-bar CSV file in the plain or the NSE layout. Every problem is collected (bad or duplicate
 * dates, non-numeric prices, prices breaking low ≤ open, close ≤ high, wrong field counts, unknown
 * columns, no rows); any problem refuses the whole file. The bars come back oldest first.
 */
export function parseBarsCsv(file: string, text: string): ParsedBars {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  while (lines.length > 0 && lines.at(-1)!.trim() === '') lines.pop();
  if (lines.length === 0) return { ok: false, problems: [{ file, line: 0, message: 'the file is empty' }] };
  const layout = layoutOf(splitCsvLine(lines[0]!));
  if (typeof layout === 'string') return { ok: false, problems: [{ file, line: 1, message: layout }] };
  if (lines.length === 1)
    return { ok: false, problems: [{ file, line: 0, message: 'the file has a header but no rows' }] };

  const { columns } = layout;
  const nse = layout.layout === 'nse';
  const problems: CsvProblem[] = [];
  const bars: ParsedBar[] = [];
  const seen = new Map<string, number>();
  for (let i = 1; i < lines.length; i++) {
    const line = i + 1;
    const raw = lines[i]!;
    if (raw.trim() === '') {
      problems.push({ file, line, message: 'empty line' });
      continue;
    }
    const fields = splitCsvLine(raw);
    if (fields.length !== columns.length) {
      problems.push({ file, line, message: `has ${fields.length} fields, the header has ${columns.length}` });
      continue;
    }
    const bar: Partial<ParsedBar> = {};
    let bad = false;
    columns.forEach((column, index) => {
      const field = fields[index]!.trim();
      if (column === 'ignored') return;
      if (column === 'date') {
        const date = nse ? nseDate(field) : field;
        if (!date || !/^\d{4}-\d{2}-\d{2}$/.test(date)) {
          problems.push({ file, line, message: `date ${JSON.stringify(field)} is not a date` });
          bad = true;
        } else bar.date = date;
        return;
      }
      // NSE writes '-' where it has no figure (shares traded of VIX); an empty volume is simply unknown.
      if ((column === 'volume' || column === 'oi') && (field === '' || field === '-')) return;
      const value = number(field, nse);
      if (value === undefined) {
        problems.push({ file, line, message: `${column} ${JSON.stringify(field)} is not a number` });
        bad = true;
        return;
      }
      if (column === 'volume') bar.volume = value;
      else if (column === 'oi') bar.openInterest = value;
      else bar[column] = value;
    });
    if (bad) continue;
    const complete = bar as ParsedBar;
    const problem = barProblem(complete);
    if (problem) {
      problems.push({ file, line, message: problem });
      continue;
    }
    if (complete.volume !== undefined && complete.volume < 0) {
      problems.push({ file, line, message: `volume ${complete.volume} is negative` });
      continue;
    }
    const first = seen.get(complete.date);
    if (first !== undefined) {
      problems.push({ file, line, message: `date ${complete.date} is already on line ${first}` });
      continue;
    }
    seen.set(complete.date, line);
    bars.push(complete);
  }
  if (problems.length > 0) return { ok: false, problems };
  bars.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  return { ok: true, layout: layout.layout, bars };
}
