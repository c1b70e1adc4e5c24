import { errorCodes } from '@hurryup/contracts/errors';
import type { Nutrients, NutritionAnswer, ParsedFood } from '@hurryup/contracts/nutrition';
import {
  nutrientLabels,
  nutritionMaxGrams,
  nutritionMessages,
  nutritionUnavailableCode,
} from '@hurryup/contracts/nutrition-rules';
import type { FastifyBaseLogger } from 'fastify';
import { HttpError } from '../../shared/http-error.ts';
import type { LoadedOnUse } from '../../shared/loaded-on-use.ts';
import { defaultDensity, groupDensities } from './nutrition-aliases.ts';
import type { IfctFood, NutrientAmounts } from './nutrition-foods.ts';
import type { Match, Matcher } from './nutrition-matcher.ts';
import {
  type Amount,
  isMass,
  isVolume,
  massGrams,
  readAmount,
  type UnitName,
  volumeMl,
} from './nutrition-quantity.ts';

/** When neither an amount nor a unit is given and the food has no piece: the tables' own basis. */
export const defaultGrams = 100;
/**
 * A food named without an amount is one piece when a piece is a portion (an egg, an apple, a potato), and
 * 100 g when pieces are small (an almond, a grape, a pod of bhindi).
 */
export const minDefaultPieceGrams = 30;

const round2 = (value: number) => Math.round(value * 100) / 100;

function scaled(per100g: NutrientAmounts, grams: number): NutrientAmounts {
  const factor = grams / 100;
  return {
    energyKcal: per100g.energyKcal * factor,
    proteinG: per100g.proteinG * factor,
    fatG: per100g.fatG * factor,
    carbohydrateG: per100g.carbohydrateG * factor,
    ironMg: per100g.ironMg * factor,
  };
}

function sum(amounts: readonly NutrientAmounts[]): NutrientAmounts {
  const total: NutrientAmounts = { energyKcal: 0, proteinG: 0, fatG: 0, carbohydrateG: 0, ironMg: 0 };
  for (const amount of amounts) {
    total.energyKcal += amount.energyKcal;
    total.proteinG += amount.proteinG;
    total.fatG += amount.fatG;
    total.carbohydrateG += amount.carbohydrateG;
    total.ironMg += amount.ironMg;
  }
  return total;
}

export function nutrientsOf(amounts: NutrientAmounts): Nutrients {
  const nutrient = (code: keyof Nutrients, quantity: number, unit: string) => ({
    label: nutrientLabels[code],
    quantity: round2(quantity),
    unit,
  });
  return {
    ENERC_KCAL: nutrient('ENERC_KCAL', amounts.energyKcal, 'kcal'),
    PROCNT: nutrient('PROCNT', amounts.proteinG, 'g'),
    FAT: nutrient('FAT', amounts.fatG, 'g'),
    CHOCDF: nutrient('CHOCDF', amounts.carbohydrateG, 'g'),
    FE: nutrient('FE', amounts.ironMg, 'mg'),
  };
}

/** Grams of one piece and of one serving, and grams per ml, of what was matched. */
function measuresOf(match: Match): {
  piece: number | undefined;
  serving: number | undefined;
  density: number;
} {
  if (match.kind === 'recipe') {
    const { recipe } = match;
    return { piece: recipe.pieceGrams, serving: recipe.servingGrams, density: recipe.density };
  }
  return {
    piece: match.pieceGrams,
    serving: undefined,
    density: match.density ?? groupDensities[match.food.group] ?? defaultDensity,
  };
}

/** The measures a serving is eaten in: a grain or pulse given in one of them is its cooked dish. */
export const servingMeasures: ReadonlySet<UnitName> = new Set(['katori', 'cup', 'glass', 'plate', 'serving']);

/**
 * What the visitor eats: "1 katori rice" or "1 cup toor dal" is the cooked dish (FoodAlias.cooked), not the
 * raw grain, since no one eats a katori of raw rice; "50 g rice" and "2 tbsp dal" stay raw, as weighed for
 * cooking.
 */
export function servedAs(match: Match, amount: Amount): Match {
  if (match.kind === 'food' && match.cooked && amount.unit !== undefined && servingMeasures.has(amount.unit))
    return match.cooked;
  return match;
}

/**
 * The grams an amount weighs, and the unit it is reported in. Mass units convert directly; volumes through
 * the food's density; a count ("2 rotis", "1 egg", "2 pieces") through its piece weight, else (a recipe
 * without pieces: "1 plate poha", "2 servings dal") its serving; no amount at all is one piece, one serving
 * or 100 g (`minDefaultPieceGrams`). Undefined when the food cannot be weighed that way ("2 paneer": no piece weight).
 */
export function gramsOf(
  amount: Amount,
  match: Match,
): { grams: number; quantity: number; measure: string } | undefined {
  const { piece, serving, density } = measuresOf(match);
  const { unit, quantity } = amount;
  const weigh = (grams: number, measure: string) => ({ grams, quantity, measure });
  // A dish's own serving measure is its serving: "1 cup tea" is a 150 ml tea cup, "1 katori rice" 150 g.
  if (match.kind === 'recipe' && unit === match.recipe.serving)
    return weigh(quantity * match.recipe.servingGrams, unit);
  if (unit !== undefined && isMass(unit)) return weigh(quantity * massGrams[unit], unit);
  if (unit !== undefined && isVolume(unit)) return weigh(quantity * volumeMl[unit] * density, unit);
  if (!amount.given) {
    if (piece !== undefined && (match.kind === 'recipe' || piece >= minDefaultPieceGrams))
      return weigh(piece, 'piece');
    if (match.kind === 'recipe') return weigh(match.recipe.servingGrams, match.recipe.serving);
    return { grams: defaultGrams, quantity: defaultGrams, measure: 'gram' };
  }
  if (unit === 'serving' || unit === 'plate') {
    const grams = serving ?? piece;
    return grams === undefined ? undefined : weigh(quantity * grams, unit);
  }
  if (piece !== undefined) return weigh(quantity * piece, 'piece');
  if (match.kind === 'recipe') return weigh(quantity * match.recipe.servingGrams, match.recipe.serving);
  return undefined;
}

const refused = (message: string) => new HttpError(400, errorCodes.validation, message, { ingr: message });

export interface NutritionService {
  lookup(text: string): Promise<NutritionAnswer>;
}

/**
 * The nutrition checker (tools-and-trading.md "Nutrition checker"): reads the amount and the food, matches
 * it (nutrition-matcher.ts), weighs it and sums the IFCT 2017 nutrients of the food or of the recipe's
 * ingredients for that weight. The tables load at the first question and are let go when idle (`matcher`);
 * tables that cannot be read are a 503 'The food tables are not available right now…' (logged), and the
 * next question tries again.
 */
export function createNutritionService(
  /** The tables loaded on use, or (scripts, tests) a function giving them. */
  matcher: Pick<LoadedOnUse<Matcher>, 'use'> | (() => Promise<Matcher>),
  log?: FastifyBaseLogger,
): NutritionService {
  const use =
    typeof matcher === 'function'
      ? async <R>(work: (loaded: Matcher) => R) => work(await matcher())
      : matcher.use;
  const matchFood = async (food: string) => {
    try {
      return await use((loaded) => loaded.match(food));
    } catch (error) {
      log?.error({ err: error }, 'the IFCT 2017 food tables could not be read');
      throw Object.assign(new HttpError(503, nutritionUnavailableCode, nutritionMessages.unavailable), {
        retryAfterSeconds: 5,
      });
    }
  };
  return {
    async lookup(text) {
      const amount = readAmount(text);
      if (!amount) throw refused(nutritionMessages.nonsense);
      const named = await matchFood(amount.food);
      if (!named) throw new HttpError(404, errorCodes.notFound, nutritionMessages.notFound);
      const match = servedAs(named, amount);
      if (Number.isNaN(amount.quantity)) throw refused(nutritionMessages.unknownUnit);
      if (!(amount.quantity > 0)) throw refused(nutritionMessages.zeroAmount);
      const weighed = gramsOf(amount, match);
      if (!weighed) throw refused(nutritionMessages.unknownUnit);
      if (weighed.grams > nutritionMaxGrams) throw refused(nutritionMessages.tooMuch);
      const parsed =
        match.kind === 'recipe' ? recipeAnswer(match, weighed.grams) : foodAnswer(match.food, weighed.grams);
      return {
        ingredients: [
          { text, parsed: [{ quantity: round2(weighed.quantity), measure: weighed.measure, ...parsed }] },
        ],
      };
    },
  };
}

function foodAnswer(food: IfctFood, grams: number): Omit<ParsedFood, 'quantity' | 'measure'> {
  return {
    food: food.name,
    foodId: food.code,
    source: 'ifct',
    weight: round2(grams),
    components: [],
    nutrients: nutrientsOf(scaled(food.per100g, grams)),
  };
}

function recipeAnswer(
  match: Extract<Match, { kind: 'recipe' }>,
  grams: number,
): Omit<ParsedFood, 'quantity' | 'measure'> {
  const { recipe } = match;
  const servings = grams / recipe.servingGrams;
  const parts = recipe.ingredients.map(([code, rawGrams]) => {
    const food = match.ingredients.get(code);
    if (!food) throw new Error(`The recipe ${recipe.id} uses ${code}, which IFCT 2017 does not hold.`);
    return { food, grams: rawGrams * servings };
  });
  return {
    food: recipe.name,
    foodId: `recipe:${recipe.id}`,
    source: 'recipe',
    weight: round2(grams),
    components: parts.map(({ food, grams: partGrams }) => ({
      food: food.name,
      foodId: food.code,
      weight: round2(partGrams),
    })),
    nutrients: nutrientsOf(sum(parts.map(({ food, grams: partGrams }) => scaled(food.per100g, partGrams)))),
  };
}
