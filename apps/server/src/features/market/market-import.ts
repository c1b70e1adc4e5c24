import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type MarketEventInput, marketEventInputSchema } from '@hurryup/contracts/market';
import type { Kysely } from 'kysely';
import { type Clock, systemClock } from '../../shared/clock.ts';
import { createMarketRepository, type MarketRepository } from './market.repository.ts';
import type { MarketTables } from './market.tables.ts';
import { type CsvProblem, parseBarsCsv, splitCsvLine } from './market-csv.ts';
import { instrumentForFile } from './market-instruments.ts';

export interface ImportedFile {
  /** Path relative to the imported folder. */
  file: string;
  /** The instrument's symbol, for bar files. */
  symbol?: string;
  rows: number;
  /** True when the file was imported before and has not changed since. */
  skipped: boolean;
}

/** How a folder is imported: `force` reads unchanged files again; `clock` dates the rows written (the site's). */
export interface ImportOptions {
  force?: boolean;
  clock?: Pick<Clock, 'date'>;
}

export interface FolderImport {
  files: ImportedFile[];
  /** Problems of refused files; their rows were not written. */
  problems: CsvProblem[];
  /** Rows written (skipped files not counted). */
  rows: number;
}

/**
 * One file of a folder import: skipped when unchanged since its last import, refused whole when parsing finds
 * any problem, else written with the record of its import in one transaction.
 */
async function importFile<Row>(
  db: Kysely<MarketTables>,
  folder: string,
  file: string,
  { force, clock }: Required<ImportOptions>,
  result: FolderImport,
  how: {
    symbol?: string;
    parse(text: string): { ok: true; rows: Row[] } | { ok: false; problems: CsvProblem[] };
    write(repository: MarketRepository, rows: Row[], tx: Kysely<MarketTables>): Promise<void>;
  },
) {
  const label = how.symbol ? { file, symbol: how.symbol } : { file };
  const changed = await changedFile(db, path.join(folder, file), { force, clock });
  if (!changed) {
    result.files.push({ ...label, rows: 0, skipped: true });
    return;
  }
  const parsed = how.parse(changed.text);
  if (!parsed.ok) {
    result.problems.push(...parsed.problems);
    return;
  }
  await db.transaction().execute(async (tx) => {
    const repository = createMarketRepository(tx, clock);
    await how.write(repository, parsed.rows, tx);
    await repository.recordImportedFile({ ...changed, rows: parsed.rows.length }, tx);
  });
  result.files.push({ ...label, rows: parsed.rows.length, skipped: false });
  result.rows += parsed.rows.length;
}

/** Every `.csv` under `folder` (one level of sub-folders, such as `stocks/`), sorted, as relative paths. */
function csvFiles(folder: string): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    if (entry.isDirectory()) {
      for (const inner of fs.readdirSync(path.join(folder, entry.name), { withFileTypes: true })) {
        if (inner.isFile() && inner.name.toLowerCase().endsWith('.csv'))
          found.push(`${entry.name}/${inner.name}`);
      }
    } else if (entry.isFile() && entry.name.toLowerCase().endsWith('.csv')) found.push(entry.name);
  }
  return found.sort();
}

// `stocks/index.csv` lists the stock files (symbol, file, rows, first, last): it describes bars, it holds none.
const isFileIndex = (file: string) => /(^|\/)index\.csv$/i.test(file);

interface Fingerprint {
  path: string;
  size: number;
  mtimeMs: number;
  sha256: string;
  text: string;
}

/** Whether a file still has the size and modification time recorded when it was imported. */
function sameAsImported(
  recorded: { size: number | string; mtime_ms: number | string } | undefined,
  stat: fs.Stats,
): boolean {
  return (
    recorded !== undefined &&
    Number(recorded.size) === stat.size &&
    Number(recorded.mtime_ms) === stat.mtimeMs
  );
}

/**
 * Whether every CSV of `folder` is as it was imported (same size and modification time): then an import
 * would skip them all, and the start-up import needs no process of its own (a file refused before, never
 * recorded, counts as changed, so its problems are reported again).
 */
export async function folderUnchangedSinceImport(
  db: Kysely<MarketTables>,
  folder: string,
  kind: 'market' | 'events',
  clock: Clock = systemClock,
): Promise<boolean> {
  assertFolder(folder);
  const repository = createMarketRepository(db, clock);
  for (const file of csvFiles(folder)) {
    if (kind === 'market' && isFileIndex(file)) continue;
    const absolute = path.join(folder, file);
    const stat = fs.statSync(absolute);
    const recorded = await repository.importedFile(absolute);
    if (!sameAsImported(recorded, stat)) return false;
  }
  return true;
}

/**
 * The file's text and fingerprint, or undefined when it is recorded as imported with the same size and
 * modification time (the quick check at every start), or the same content.
 */
async function changedFile(
  db: Kysely<MarketTables>,
  absolute: string,
  { force, clock }: Required<ImportOptions>,
): Promise<Fingerprint | undefined> {
  const repository = createMarketRepository(db, clock);
  const stat = fs.statSync(absolute);
  const recorded = force ? undefined : await repository.importedFile(absolute);
  if (sameAsImported(recorded, stat)) return undefined;
  const buffer = fs.readFileSync(absolute);
  const sha256 = createHash('sha256').update(buffer).digest('hex');
  const fingerprint = {
    path: absolute,
    size: stat.size,
    mtimeMs: stat.mtimeMs,
    sha256,
    text: buffer.toString('utf8'),
  };
  if (recorded && recorded.sha256 === sha256) {
    // Touched but unchanged: remember the new time so the next start skips it without reading it.
    await repository.recordImportedFile({ ...fingerprint, rows: Number(recorded.rows) });
    return undefined;
  }
  return fingerprint;
}

function assertFolder(folder: string) {
  if (!fs.existsSync(folder) || !fs.statSync(folder).isDirectory())
    throw new Error(`${folder} is not a folder`);
}

/**
 * Imports every daily-bar CSV under `folder` (plain or NSE layout; see parseBarsCsv): each valid file is
 * upserted by (symbol, date) in its own transaction, so importing again changes nothing; a file with any
 * problem is refused whole and its problems reported. Unchanged files imported before are skipped.
 */
export async function importMarketFolder(
  db: Kysely<MarketTables>,
  folder: string,
  { force = false, clock = systemClock }: ImportOptions = {},
): Promise<FolderImport> {
  assertFolder(folder);
  const result: FolderImport = { files: [], problems: [], rows: 0 };
  for (const file of csvFiles(folder)) {
    if (isFileIndex(file)) continue;
    const instrument = instrumentForFile(file);
    if (typeof instrument === 'string') {
      result.problems.push({ file, line: 0, message: instrument });
      continue;
    }
    await importFile(db, folder, file, { force, clock }, result, {
      symbol: instrument.symbol,
      parse: (text) => {
        const parsed = parseBarsCsv(file, text);
        return parsed.ok ? { ok: true, rows: parsed.bars } : parsed;
      },
      async write(repository, bars, tx) {
        await repository.upsertInstrument(instrument, tx);
        await repository.upsertBars(instrument.symbol, bars, 'import', tx);
      },
    });
  }
  return result;
}

const eventHeader = ['date', 'event', 'kind', 'impact'];

/** Parses a `date,event,kind,impact` event CSV; any problem refuses the file. */
export function parseEventsCsv(
  file: string,
  text: string,
): { ok: true; events: MarketEventInput[] } | { ok: false; problems: CsvProblem[] } {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  while (lines.length > 0 && lines.at(-1)!.trim() === '') lines.pop();
  if (lines.length === 0) return { ok: false, problems: [{ file, line: 0, message: 'the file is empty' }] };
  const header = splitCsvLine(lines[0]!).map((h) => h.trim().toLowerCase());
  if (header.join(',') !== eventHeader.join(','))
    return {
      ok: false,
      problems: [{ file, line: 1, message: `the header must be ${eventHeader.join(',')}` }],
    };
  if (lines.length === 1)
    return { ok: false, problems: [{ file, line: 0, message: 'the file has a header but no rows' }] };
  const problems: CsvProblem[] = [];
  const events: MarketEventInput[] = [];
  const seen = new Map<string, number>();
  for (let i = 1; i < lines.length; i++) {
    const line = i + 1;
    const fields = splitCsvLine(lines[i]!);
    if (fields.length !== eventHeader.length) {
      problems.push({ file, line, message: `has ${fields.length} fields, the header has 4` });
      continue;
    }
    const [date, event, kind, impact] = fields.map((f) => f.trim());
    const parsed = marketEventInputSchema.safeParse({ date, event, kind, impact });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) problems.push({ file, line, message: issue.message });
      continue;
    }
    const key = `${parsed.data.date} ${parsed.data.kind}`;
    const first = seen.get(key);
    if (first !== undefined) {
      problems.push({
        file,
        line,
        message: `a ${parsed.data.kind} event on ${parsed.data.date} is already on line ${first}`,
      });
      continue;
    }
    seen.set(key, line);
    events.push(parsed.data);
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, events };
}

/** Imports every event CSV in `folder` (upsert by date and kind), refusing files with problems. */
export async function importEventsFolder(
  db: Kysely<MarketTables>,
  folder: string,
  { force = false, clock = systemClock }: ImportOptions = {},
): Promise<FolderImport> {
  assertFolder(folder);
  const result: FolderImport = { files: [], problems: [], rows: 0 };
  for (const file of csvFiles(folder)) {
    await importFile(db, folder, file, { force, clock }, result, {
      parse: (text) => {
        const parsed = parseEventsCsv(file, text);
        return parsed.ok ? { ok: true, rows: parsed.events } : parsed;
      },
      async write(repository, events, tx) {
        for (const event of events) {
          await repository.upsertEvent(
            { date: event.date, kind: event.kind, title: event.event, impact: event.impact },
            path.basename(file),
            tx,
          );
        }
      },
    });
  }
  return result;
}

/** Whether a file looks like an event calendar (its header), so one command can import either kind. */
export function isEventsFolder(folder: string): boolean {
  const first = csvFiles(folder).find((file) => !isFileIndex(file));
  if (!first) return false;
  const head = fs
    .readFileSync(path.join(folder, first), 'utf8')
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/, 1)[0];
  return head?.trim().toLowerCase() === eventHeader.join(',');
}
