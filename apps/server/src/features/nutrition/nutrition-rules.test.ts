import { nutritionMaxGrams } from '@hurryup/contracts/nutrition-rules';
import { beforeAll, describe, expect, it } from 'vitest';
import { gramsOf } from './nutrition.service.ts';
import { foodAliases } from './nutrition-aliases.ts';
import { extraFoods } from './nutrition-extra-foods.ts';
import {
  fatKilojoulesPerGram,
  hindiNamesOf,
  type IfctFood,
  kilojoulesPerKilocalorie,
  loadIfctFoods,
} from './nutrition-foods.ts';
import { createMatcher, type Match, type Matcher, singular } from './nutrition-matcher.ts';
import { normaliseFoodText, readAmount } from './nutrition-quantity.ts';
import { recipes } from './nutrition-recipes.ts';

let foods: Map<string, IfctFood>;
let matcher: Matcher;
beforeAll(async () => {
  foods = await loadIfctFoods();
  matcher = createMatcher(foods);
}, 60_000);

const matched = (text: string): Match => {
  const amount = readAmount(text);
  if (!amount) throw new Error(`no amount read from ${text}`);
  const match = matcher.match(amount.food);
  if (!match) throw new Error(`nothing matched ${text}`);
  return match;
};
const nameOf = (match: Match | undefined) =>
  match === undefined ? undefined : match.kind === 'recipe' ? `recipe:${match.recipe.id}` : match.food.code;
const weigh = (text: string) => {
  const amount = readAmount(text);
  if (!amount) throw new Error(`no amount read from ${text}`);
  return gramsOf(amount, matched(text));
};

describe('reading amounts and units', () => {
  it.each([
    ['2 cups rice', 2, 'cup', 'rice'],
    ['1 egg', 1, undefined, 'egg'],
    ['200 g paneer', 200, 'gram', 'paneer'],
    ['200g paneer', 200, 'gram', 'paneer'],
    ['100gm atta', 100, 'gram', 'atta'],
    ['1 1/2 tbsp ghee', 1.5, 'tablespoon', 'ghee'],
    ['1½ tbsp ghee', 1.5, 'tablespoon', 'ghee'],
    ['half a roti', 0.5, undefined, 'roti'],
    ['Half an egg', 0.5, undefined, 'egg'],
    ['1 katori dal', 1, 'katori', 'dal'],
    ['2 bowls sambar', 2, 'katori', 'sambar'],
    ['2-3 rotis', 2.5, undefined, 'rotis'],
    ['2 to 3 idlis', 2.5, undefined, 'idlis'],
    ['one dosa', 1, undefined, 'dosa'],
    ['dedh roti', 1.5, undefined, 'roti'],
    ['a glass of milk', 1, 'glass', 'milk'],
    ['1 plate poha', 1, 'plate', 'poha'],
    ['1 plate pav bhaji', 1, 'plate', 'pav bhaji'],
    ['pav kilo paneer', 0.25, 'kilogram', 'paneer'],
    ['2 pieces paneer', 2, 'piece', 'paneer'],
    ['3 tsp oil', 3, 'teaspoon', 'oil'],
    ['1 kg chicken', 1, 'kilogram', 'chicken'],
    ['500 ml milk', 500, 'millilitre', 'milk'],
    ['arhar dal 50 g', 50, 'gram', 'arhar dal'],
  ])('%s → %s %s of %s', (text, quantity, unit, food) => {
    expect(readAmount(text)).toEqual({ quantity, unit, given: true, food });
  });

  it('takes a text without an amount as one unit of nothing given', () => {
    expect(readAmount('Toor Dal')).toEqual({ quantity: 1, unit: undefined, given: false, food: 'toor dal' });
    // "pav" is a quarter only before a kilo or litre: "pav bhaji" is a dish.
    expect(readAmount('Pav Bhaji')).toEqual({
      quantity: 1,
      unit: undefined,
      given: false,
      food: 'pav bhaji',
    });
  });

  it('finds no food in amounts alone', () => {
    expect(readAmount('2 cups')).toBeUndefined();
    expect(readAmount('½')).toBeUndefined();
  });

  it('normalises spacing, case and number words', () => {
    expect(normaliseFoodText('  Two   ROTIS ')).toBe('2 rotis');
    expect(normaliseFoodText('a quarter of a cup milk')).toBe('1/4 cup milk');
    expect(normaliseFoodText('250ML milk')).toBe('250 ml milk');
  });

  it('marks a unit the checker cannot weigh', () => {
    expect(readAmount('2 pinches turmeric')?.quantity).toBeNaN();
  });
});

describe('converting to grams', () => {
  it('converts masses directly', () => {
    expect(weigh('200 g paneer')).toEqual({ grams: 200, quantity: 200, measure: 'gram' });
    expect(weigh('1.5 kg chicken')?.grams).toBe(1500);
    expect(weigh('2 oz almonds')?.grams).toBeCloseTo(56.7, 5);
  });

  it('converts volumes with the food density (240 ml cup, 150 ml katori, 15 ml tablespoon, 5 ml teaspoon)', () => {
    expect(weigh('2 tbsp rice')?.grams).toBeCloseTo(2 * 15 * 0.83, 5);
    expect(weigh('1 1/2 tbsp ghee')?.grams).toBeCloseTo(1.5 * 15 * 0.91, 5);
    expect(weigh('1 tsp oil')?.grams).toBeCloseTo(5 * 0.92, 5);
    expect(weigh('1 katori dal')?.grams).toBe(150);
    expect(weigh('1 glass milk')?.grams).toBeCloseTo(250 * 1.03, 5);
  });

  it('weighs counts with piece weights, and recipes without pieces by servings', () => {
    expect(weigh('1 egg')).toEqual({ grams: 50, quantity: 1, measure: 'piece' });
    expect(weigh('half a roti')).toEqual({ grams: 20, quantity: 0.5, measure: 'piece' });
    expect(weigh('2-3 rotis')?.grams).toBe(100);
    expect(weigh('3 idlis')?.grams).toBe(120);
    expect(weigh('2 poha')).toEqual({ grams: 320, quantity: 2, measure: 'plate' });
    expect(weigh('2 servings khichdi')?.grams).toBe(360);
  });

  it('uses one portion, or 100 g, when no amount is given', () => {
    expect(weigh('chapati')).toEqual({ grams: 40, quantity: 1, measure: 'piece' });
    expect(weigh('apple')).toEqual({ grams: 150, quantity: 1, measure: 'piece' });
    expect(weigh('upma')).toEqual({ grams: 170, quantity: 1, measure: 'plate' });
    expect(weigh('paneer')).toEqual({ grams: 100, quantity: 100, measure: 'gram' });
    expect(weigh('almond')).toEqual({ grams: 100, quantity: 100, measure: 'gram' });
  });

  it('cannot weigh a count of a food without a piece weight', () => {
    expect(weigh('2 paneer')).toBeUndefined();
  });
});

describe('the IFCT 2017 tables as the checker reads them', () => {
  it('holds 542 foods, with energy in kcal and iron in mg', () => {
    expect(foods.size).toBe(542);
    const rice = foods.get('A015');
    expect(rice?.name).toBe('Rice, raw, milled');
    expect(rice?.per100g.energyKcal).toBeCloseTo(1491 / kilojoulesPerKilocalorie, 5);
    expect(rice?.per100g.ironMg).toBeCloseTo(0.65, 5);
    expect(foods.get('B021')?.per100g.proteinG).toBe(21.7);
  });

  it('computes the energy of all 14 oils and fats, ghee included, from their fat', () => {
    const fats = [...foods.values()].filter((food) => food.group === 'Edible Oils and Fats');
    expect(fats).toHaveLength(14);
    for (const fat of fats) {
      expect(fat.per100g.energyKcal).toBeCloseTo(
        (fat.per100g.fatG * fatKilojoulesPerGram) / kilojoulesPerKilocalorie,
        5,
      );
      expect(fat.per100g.energyKcal).toBeGreaterThan(880);
    }
    expect(foods.get('T013')?.per100g.energyKcal).toBeCloseTo(884.3, 1);
  });

  it('reads the Hindi local names', () => {
    expect(hindiNamesOf('A. Rohor dail; B., Kash., H. Arhar dal; E. Pigeon pea')).toEqual(['arhar dal']);
    expect(hindiNamesOf('G. Choka; H. Chawal; Kan. Akki')).toEqual(['chawal']);
    expect(hindiNamesOf('')).toEqual([]);
  });
});

describe('matching foods', () => {
  it('matches English and Indian names through the alias table', () => {
    expect(nameOf(matched('toor dal'))).toBe('B021');
    expect(nameOf(matched('arhar'))).toBe('B021');
    expect(nameOf(matched('atta'))).toBe('A019');
    expect(nameOf(matched('paneer'))).toBe('L003');
    expect(nameOf(matched('bhindi'))).toBe('D056');
    expect(nameOf(matched('chana'))).toBe('B002');
    expect(nameOf(matched('2 medium tomatoes'))).toBe('D076');
    expect(nameOf(matched('100 g fresh spinach'))).toBe('C033');
    expect(nameOf(matched('ghee'))).toBe('T013');
  });

  it('matches common foods written in Devanagari', () => {
    expect(nameOf(matched('2 रोटी'))).toBe('recipe:roti');
    expect(nameOf(matched('1 katori दाल'))).toBe('recipe:dal');
    expect(nameOf(matched('100 g पनीर'))).toBe('L003');
  });

  it("matches the tables' own English and unique Hindi names", () => {
    expect(nameOf(matched('Ragi'))).toBe('A010');
    expect(nameOf(matched('milk, whole, buffalo'))).toBe('L001');
    expect(nameOf(matched('pineapple'))).toBe('E053');
  });

  it('matches cooked dishes to their recipes, plurals included', () => {
    for (const [text, id] of [
      ['roti', 'roti'],
      ['chapati', 'roti'],
      ['2 rotis', 'roti'],
      ['plain rice', 'rice'],
      ['dal', 'dal'],
      ['poha', 'poha'],
      ['upma', 'upma'],
      ['3 idlis', 'idli'],
      ['dosa', 'dosa'],
      ['khichdi', 'khichdi'],
      ['sambar', 'sambar'],
      ['curd rice', 'curd-rice'],
      ['masala dosas', 'masala-dosa'],
    ] as const)
      expect(nameOf(matched(text)), text).toBe(`recipe:${id}`);
  });

  it('matches nothing it does not know, and does not guess from one word of many', () => {
    expect(matcher.match('pizza')).toBeUndefined();
    expect(matcher.match('xyzzy')).toBeUndefined();
    expect(matcher.match('chicken pizza')).toBeUndefined();
  });

  it('makes plurals singular', () => {
    expect(singular('tomatoes')).toContain('tomato');
    expect(singular('idlis')).toContain('idli');
    expect(singular('rotis')).toContain('roti');
  });

  it('knows its foods, aliases and recipes, and every name once', () => {
    expect(matcher.counts.foods).toBe(542);
    expect(matcher.counts.recipes).toBe(recipes.length);
    expect(matcher.counts.aliases).toBe(foodAliases.reduce((n, alias) => n + alias.names.length, 0));
    const names = [
      ...foodAliases.flatMap((alias) => alias.names),
      ...recipes.flatMap((recipe) => recipe.names),
    ];
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
  });

  it('keeps every recipe within the checker limit and built from IFCT foods and the extra foods', () => {
    const extra = new Set(extraFoods.map((food) => food.code));
    for (const recipe of recipes) {
      expect(recipe.servingGrams).toBeLessThan(nutritionMaxGrams);
      for (const [code] of recipe.ingredients)
        expect(foods.has(code) || extra.has(code), `${recipe.id} ${code}`).toBe(true);
    }
    for (const code of extra) expect(foods.has(code), `${code} is not an IFCT code`).toBe(false);
  });
});
