import type { UnitOfMeasureDefinitions } from 'parse-ingredient';
import { loadOnUse } from '../../shared/load-on-use.ts';

// Loaded with the first amount read.
const ingredientParser = loadOnUse<typeof import('parse-ingredient')>('parse-ingredient');

/**
 * How much of what the visitor typed: "2 cups rice", "1 egg", "200 g paneer", "1 1/2 tbsp ghee", "half a
 * roti", "1 katori dal", "2-3 rotis". `parse-ingredient` reads numbers, fractions (also ½), ranges and
 * units; this module first turns words into numbers ("half a", "one", "dedh") and gives it the Indian
 * kitchen's units (katori, glass, plate, piece).
 */
export interface Amount {
  /** The amount: 1 when none was given; the middle of a range ("2-3" is 2.5). */
  quantity: number;
  /** The unit read, or undefined for a plain count ("2 rotis") or nothing at all ("dal"). */
  unit: UnitName | undefined;
  /** Whether the text gave an amount or a unit (else the checker uses one piece, serving or 100 g). */
  given: boolean;
  /** The food part, lower case, e.g. "toor dal". */
  food: string;
}

/**
 * Volumes in ml and masses in g. A cup is the Indian and metric kitchen cup of 240 ml (within 2 % of the US
 * cup), a katori (bowl) 150 ml, a glass 250 ml, a tablespoon 15 ml, a teaspoon 5 ml.
 */
export const volumeMl = {
  millilitre: 1,
  litre: 1000,
  teaspoon: 5,
  tablespoon: 15,
  cup: 240,
  katori: 150,
  glass: 250,
  'fluid ounce': 29.57,
} as const;
export const massGrams = { gram: 1, kilogram: 1000, milligram: 0.001, ounce: 28.35, pound: 453.6 } as const;
/** Units that count pieces or servings: they are weighed with the food's piece or serving weight. */
export const countUnits = ['piece', 'serving', 'plate'] as const;

export type VolumeUnit = keyof typeof volumeMl;
export type MassUnit = keyof typeof massGrams;
export type CountUnit = (typeof countUnits)[number];
export type UnitName = VolumeUnit | MassUnit | CountUnit;

/** The units parse-ingredient is given; their keys are the names above. */
const units: UnitOfMeasureDefinitions = {
  katori: {
    short: 'katori',
    plural: 'katoris',
    alternates: ['katori', 'katoris', 'bowl', 'bowls', 'vati', 'vatis', 'kathori'],
    type: 'volume',
  },
  glass: {
    short: 'glass',
    plural: 'glasses',
    alternates: ['glass', 'glasses', 'tumbler', 'tumblers'],
    type: 'volume',
  },
  plate: { short: 'plate', plural: 'plates', alternates: ['plate', 'plates', 'thali'], type: 'count' },
  piece: {
    short: 'pc',
    plural: 'pieces',
    alternates: ['pc', 'pcs', 'piece', 'pieces', 'nos', 'slice', 'slices'],
    type: 'count',
  },
  serving: {
    short: 'serving',
    plural: 'servings',
    alternates: ['serving', 'servings', 'portion', 'portions', 'helping', 'helpings'],
    type: 'count',
  },
  gram: {
    short: 'g',
    plural: 'grams',
    alternates: ['g', 'gm', 'gms', 'gr', 'grm', 'grms', 'gram', 'grams', 'gramme', 'grammes'],
    type: 'mass',
  },
  kilogram: {
    short: 'kg',
    plural: 'kilograms',
    alternates: ['kg', 'kgs', 'kilo', 'kilos', 'kilogram', 'kilograms'],
    type: 'mass',
  },
  milligram: {
    short: 'mg',
    plural: 'milligrams',
    alternates: ['mg', 'mgs', 'milligram', 'milligrams'],
    type: 'mass',
  },
  millilitre: {
    short: 'ml',
    plural: 'millilitres',
    alternates: ['ml', 'mls', 'millilitre', 'millilitres', 'milliliter', 'milliliters'],
    type: 'volume',
  },
  litre: {
    short: 'l',
    plural: 'litres',
    alternates: ['l', 'ltr', 'ltrs', 'litre', 'litres', 'liter', 'liters'],
    type: 'volume',
  },
  teaspoon: {
    short: 'tsp',
    plural: 'teaspoons',
    alternates: ['tsp', 'tsps', 'teaspoon', 'teaspoons', 'chammach', 'chamach', 'spoon', 'spoons'],
    type: 'volume',
  },
  tablespoon: {
    short: 'tbsp',
    plural: 'tablespoons',
    alternates: ['tbsp', 'tbsps', 'tbs', 'tablespoon', 'tablespoons', 'bada chammach'],
    type: 'volume',
  },
  cup: { short: 'cup', plural: 'cups', alternates: ['cup', 'cups', 'mug', 'mugs'], type: 'volume' },
};

/** The parser's own unit ids that mean the same as ours. */
const parserUnits: Readonly<Record<string, UnitName>> = {
  ounce: 'ounce',
  pound: 'pound',
  'fluid ounce': 'fluid ounce',
  fluidounce: 'fluid ounce',
  large: 'piece',
  small: 'piece',
  medium: 'piece',
  each: 'piece',
};

const wordNumbers: readonly (readonly [RegExp, string])[] = [
  [/^(one and a half|one and half|dedh|derh)\b/, '1 1/2'],
  [/^(two and a half|dhai|dhaai|adhai)\b/, '2 1/2'],
  [/^(half of an?|half an?|half|aadha|adha|aadhi|adhi)\b/, '1/2'],
  [/^(a quarter of an?|quarter of an?|a quarter|quarter)\b/, '1/4'],
  // "Pav kilo" is a quarter kilo; "pav bhaji" is a dish.
  [/^(pav|paav)\b(?=\s+(kg|kgs|kilo|kilos|kilogram|kilograms|litre|litres|liter|liters|l|ltr)\b)/, '1/4'],
  [/^(a couple of|couple of)\b/, '2'],
  [/^(a dozen|one dozen|dozen)\b/, '12'],
  [/^(an?|one|ek)\b/, '1'],
  [/^(two|do)\b/, '2'],
  [/^(three|teen)\b/, '3'],
  [/^(four|char|chaar)\b/, '4'],
  [/^(five|paanch|panch)\b/, '5'],
  [/^six\b/, '6'],
  [/^seven\b/, '7'],
  [/^eight\b/, '8'],
  [/^nine\b/, '9'],
  [/^ten\b/, '10'],
];

const vulgarFractions: Readonly<Record<string, string>> = {
  '\u00bc': '1/4',
  '\u00bd': '1/2',
  '\u00be': '3/4',
  '\u2153': '1/3',
  '\u2154': '2/3',
  '\u215b': '1/8',
};

/** Every word that names a unit: a text that is only an amount and one of these names no food. */
const unitWords = new Set(
  Object.values(units).flatMap((unit) => [unit.short, unit.plural, ...(unit.alternates ?? [])]),
);

/** Lower case, one space between words, a space between a number and a unit ("100gm" → "100 gm"). */
export function normaliseFoodText(text: string): string {
  let normal = text
    .replace(
      /\s*([\u00bc-\u00be\u2150-\u215e])/g,
      (_, fraction: string) => ` ${vulgarFractions[fraction] ?? ''} `,
    )
    .normalize('NFKC')
    .replace(/\u2044/g, '/')
    .toLowerCase()
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/(\d)([a-z])/g, '$1 $2')
    .replace(/\s+/g, ' ')
    .trim();
  for (const [pattern, number] of wordNumbers) {
    if (pattern.test(normal)) {
      normal = normal.replace(pattern, number);
      break;
    }
  }
  // "1 1/2 katori" keeps its space; "1/2 a roti" and "2 of the" lose the article.
  return normal.replace(/^([\d./\s-]+)\s(?:an?|of an?|of)\s/, '$1 ');
}

/** The amount, unit and food of a text; undefined when no food is left once the amount is read. */
export function readAmount(text: string): Amount | undefined {
  const normal = normaliseFoodText(text);
  const [parsed] = ingredientParser().parseIngredient(normal, {
    additionalUOMs: units,
    normalizeUOM: true,
    allowLeadingOf: true,
  });
  if (!parsed) return undefined;
  const food = parsed.description
    .replace(/^of\s+/, '')
    .replace(/[^\p{L}\p{M}\p{N}\s'-]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (food === '' || unitWords.has(food)) return undefined;
  const unitId = parsed.unitOfMeasureID;
  const unit =
    unitId === null ? undefined : ((unitId in units ? unitId : parserUnits[unitId]) as UnitName | undefined);
  if (unitId !== null && unit === undefined)
    return { quantity: Number.NaN, unit: undefined, given: true, food };
  const low = parsed.quantity;
  const high = parsed.quantity2;
  const quantity = low === null ? 1 : high === null ? low : (low + high) / 2;
  return { quantity, unit, given: low !== null || unit !== undefined, food };
}

export function isVolume(unit: UnitName): unit is VolumeUnit {
  return unit in volumeMl;
}
export function isMass(unit: UnitName): unit is MassUnit {
  return unit in massGrams;
}
