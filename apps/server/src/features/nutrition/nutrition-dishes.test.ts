import { readFile } from 'node:fs/promises';
import type { ParsedFood } from '@hurryup/contracts/nutrition';
import { beforeAll, describe, expect, it } from 'vitest';
import { createNutritionService, type NutritionService } from './nutrition.service.ts';
import { dishes } from './nutrition-dishes.ts';
import { dishesDocument } from './nutrition-dishes-doc.ts';
import { extraFoods } from './nutrition-extra-foods.ts';
import { type IfctFood, loadIfctFoods } from './nutrition-foods.ts';
import { createMatcher, type Matcher } from './nutrition-matcher.ts';
import { type Recipe, recipes } from './nutrition-recipes.ts';

let foods: Map<string, IfctFood>;
let matcher: Matcher;
let service: NutritionService;
beforeAll(async () => {
  foods = await loadIfctFoods();
  for (const food of extraFoods) foods.set(food.code, food);
  matcher = createMatcher(await loadIfctFoods());
  service = createNutritionService(async () => matcher);
}, 60_000);

const answer = async (text: string): Promise<ParsedFood> => {
  const parsed = (await service.lookup(text)).ingredients[0]?.parsed[0];
  if (!parsed) throw new Error(`no answer for ${text}`);
  return parsed;
};

/** What the documented recipe says, computed here from the tables: Σ energy per g × raw grams, per serving. */
function documented(recipe: Recipe, grams = recipe.servingGrams) {
  const servings = grams / recipe.servingGrams;
  let kcal = 0;
  let protein = 0;
  for (const [code, raw] of recipe.ingredients) {
    const food = foods.get(code);
    if (!food) throw new Error(`${recipe.id}: ${code} is in neither table`);
    kcal += (food.per100g.energyKcal * raw * servings) / 100;
    protein += (food.per100g.proteinG * raw * servings) / 100;
  }
  return { kcal, protein };
}

const byId = (id: string): Recipe => {
  const recipe = recipes.find((r) => r.id === id);
  if (!recipe) throw new Error(`no recipe ${id}`);
  return recipe;
};

describe('the list of dishes', () => {
  it('holds at least 150 dishes, each with names, a serving and a documented source', () => {
    expect(recipes.length).toBeGreaterThanOrEqual(150);
    expect(new Set(recipes.map((r) => r.id)).size).toBe(recipes.length);
    for (const recipe of recipes) {
      expect(recipe.names.length, recipe.id).toBeGreaterThan(0);
      expect(recipe.source.trim().length, recipe.id).toBeGreaterThan(5);
      expect(recipe.servingGrams, recipe.id).toBeGreaterThan(0);
      expect(recipe.ingredients.length, recipe.id).toBeGreaterThan(0);
      if (recipe.serving === 'piece') expect(recipe.pieceGrams, recipe.id).toBe(recipe.servingGrams);
    }
  });

  it('names the commonest dishes, snacks, sweets and drinks', async () => {
    const asked = [
      'rajma chawal',
      'chole bhature',
      'pav bhaji',
      'vada pav',
      'gulab jamun',
      'jalebi',
      'masala chai',
      'lassi',
      'chicken biryani',
      'samosa',
      'tea',
      'idli',
      'dosa',
      'sambar',
      'upma',
      'poha',
      'paratha',
      'aloo paratha',
      'khichdi',
      'dal tadka',
      'paneer butter masala',
      'palak paneer',
      'butter chicken',
      'fish curry',
      'curd rice',
      'raita',
      'dhokla',
      'kachori',
      'pakora',
      'bhel puri',
      'pani puri',
      'rasgulla',
      'kheer',
      'halwa',
      'ladoo',
      'barfi',
      'coffee',
      'buttermilk',
      'nimbu pani',
    ];
    const unknown: string[] = [];
    for (const name of asked) if (matcher.match(name)?.kind !== 'recipe') unknown.push(name);
    expect(unknown).toEqual([]);
  });
});

describe('each dish answers what its documented recipe gives', () => {
  it.each(recipes.map((recipe) => [recipe.id, recipe] as const))('%s', async (_id, recipe) => {
    // Every name of the dish leads to it.
    for (const name of recipe.names) {
      const match = matcher.match(name);
      expect(match?.kind === 'recipe' ? match.recipe.id : match, `${recipe.id}: "${name}"`).toBe(recipe.id);
    }
    // One serving: energy and protein are the sums of the ingredients' for their raw grams.
    const parsed = await answer(`1 serving ${recipe.names[0]}`);
    expect(parsed.foodId).toBe(`recipe:${recipe.id}`);
    expect(parsed.weight).toBe(recipe.servingGrams);
    const expected = documented(recipe);
    expect(parsed.nutrients.ENERC_KCAL.quantity).toBeCloseTo(expected.kcal, 1);
    expect(parsed.nutrients.PROCNT.quantity).toBeCloseTo(expected.protein, 1);
    expect(parsed.components.map((c) => c.foodId)).toEqual(recipe.ingredients.map(([code]) => code));
    // Its own serving measure is one serving ("1 plate", "1 cup", "1 katori", "1 glass", "1 piece").
    const own = await answer(`1 ${recipe.serving} ${recipe.names[0]}`);
    expect(own.weight).toBe(recipe.servingGrams);
    // A plausible cooked dish: between 10 and 600 kcal per 100 g (a typing slip in grams falls outside),
    // drinks and thin dishes excepted at the bottom.
    const per100 = (expected.kcal / recipe.servingGrams) * 100;
    expect(per100, `${recipe.id}: ${per100.toFixed(0)} kcal/100 g`).toBeLessThan(600);
    if (recipe.id !== 'black-coffee' && recipe.id !== 'jaljeera' && recipe.id !== 'lemon-tea')
      expect(per100, `${recipe.id}: ${per100.toFixed(0)} kcal/100 g`).toBeGreaterThan(10);
  });
});

describe('a serving of a grain or pulse is the cooked dish', () => {
  it('answers "1 katori rice" with cooked rice: 150 g from 50 g raw, not 124 g of raw rice', async () => {
    const rice = await answer('1 katori rice');
    expect(rice).toMatchObject({ foodId: 'recipe:rice', measure: 'katori', weight: 150 });
    expect(rice.components).toEqual([{ food: 'Rice, raw, milled', foodId: 'A015', weight: 50 }]);
    expect(rice.nutrients.ENERC_KCAL.quantity).toBeCloseTo(
      (foods.get('A015')!.per100g.energyKcal * 50) / 100,
      1,
    );
    expect(rice.nutrients.ENERC_KCAL.quantity).toBeLessThan(200);
  });

  it('answers "1 cup rice" with a 240 ml cup of cooked rice (180 g, from 60 g raw)', async () => {
    const rice = await answer('1 cup rice');
    expect(rice).toMatchObject({ foodId: 'recipe:rice', measure: 'cup', weight: 180 });
    expect(rice.components[0]?.weight).toBe(60);
    expect(rice.nutrients.ENERC_KCAL.quantity).toBeCloseTo(documented(byId('rice'), 180).kcal, 1);
  });

  it.each([
    ['1 bowl chawal', 'rice'],
    ['2 katori rice', 'rice'],
    ['1 plate rice', 'rice'],
    ['1 cup brown rice', 'brown-rice'],
    ['1 katori toor dal', 'dal'],
    ['1 katori arhar dal', 'dal'],
    ['1 cup moong dal', 'moong-dal-cooked'],
    ['1 katori masoor dal', 'masoor-dal-cooked'],
    ['1 katori chana dal', 'chana-dal'],
    ['1 katori urad dal', 'urad-dal'],
    ['1 bowl rajma', 'rajma-curry'],
    ['1 katori chole', 'chole'],
    ['1 katori lobia', 'lobia'],
    ['1 katori sabut moong', 'whole-moong'],
    ['1 bowl dalia', 'dalia'],
    ['1 cup quinoa', 'quinoa'],
    ['1 serving rice', 'rice'],
  ])('%s is the cooked %s', async (text, id) => {
    expect((await answer(text)).foodId).toBe(`recipe:${id}`);
  });

  it.each([
    ['100 g rice', 'A015'],
    ['2 tbsp rice', 'A015'],
    ['50 g toor dal', 'B021'],
    ['1 tsp moong dal', 'B010'],
    ['1 cup besan', 'B001'],
    ['rice', 'A015'],
  ])('%s stays the raw food as weighed (%s)', async (text, code) => {
    expect((await answer(text)).foodId).toBe(code);
  });
});

describe('the answers asked for in issue 27', () => {
  it('answers "1 plate rajma chawal": a katori of rajma curry on 180 g of rice', async () => {
    const plate = await answer('1 plate rajma chawal');
    expect(plate).toMatchObject({ foodId: 'recipe:rajma-chawal', measure: 'plate', weight: 350 });
    const rice = documented(byId('rice'), 180).kcal;
    const rajma = documented(byId('rajma-curry')).kcal;
    expect(plate.nutrients.ENERC_KCAL.quantity).toBeCloseTo(rice + rajma, 1);
  });

  it('answers "1 cup tea" with a 150 ml cup of milk tea with two teaspoons of sugar', async () => {
    const tea = await answer('1 cup tea');
    expect(tea).toMatchObject({ foodId: 'recipe:tea', measure: 'cup', weight: 150 });
    expect(tea.components.map((c) => c.foodId)).toEqual(['L002', 'USDA-19335']);
    // 50 g cow milk and 8 g sugar (387 kcal/100 g).
    const milk = foods.get('L002')!.per100g.energyKcal;
    expect(tea.nutrients.ENERC_KCAL.quantity).toBeCloseTo(milk * 0.5 + 387 * 0.08, 1);
  });

  it.each([
    ['chole bhature', 'chole-bhature', 'plate'],
    ['pav bhaji', 'pav-bhaji', 'plate'],
    ['vada pav', 'vada-pav', 'piece'],
    ['2 gulab jamun', 'gulab-jamun', 'piece'],
    ['jalebi', 'jalebi', 'piece'],
    ['1 cup masala chai', 'masala-chai', 'cup'],
    ['1 glass lassi', 'lassi', 'glass'],
    ['1 plate chicken biryani', 'chicken-biryani', 'plate'],
    ['2 samosas', 'samosa', 'piece'],
  ])('answers %j from its recipe', async (text, id, measure) => {
    const parsed = await answer(text);
    expect(parsed.foodId).toBe(`recipe:${id}`);
    expect(parsed.measure).toBe(measure);
    expect(parsed.nutrients.ENERC_KCAL.quantity).toBeCloseTo(documented(byId(id), parsed.weight).kcal, 1);
  });

  it('keeps a plate the sum of what it is served with', () => {
    const sum = (...ids: string[]) => ids.reduce((total, id) => total + documented(byId(id)).kcal, 0);
    expect(documented(byId('chole-bhature')).kcal).toBeCloseTo(
      sum('chole') + 2 * documented(byId('bhatura')).kcal,
      5,
    );
    expect(documented(byId('vada-pav')).kcal).toBeGreaterThan(sum('batata-vada', 'pav'));
    expect(documented(byId('pav-bhaji')).kcal).toBeGreaterThan(sum('pav-bhaji-bhaji') + 2 * sum('pav'));
  });

  it('lists only dishes the checker can compute (every dish is in the recipes)', () => {
    for (const dish of dishes) expect(recipes).toContain(dish);
  });
});

describe('docs/nutrition-dishes.md', () => {
  it('lists every dish with its serving and the energy the checker answers, as written now', async () => {
    const doc = await readFile(new URL('../../../../../docs/nutrition-dishes.md', import.meta.url), 'utf8');
    // Write it again: node apps/server/src/features/nutrition/nutrition-dishes-doc.ts > docs/nutrition-dishes.md
    expect(doc).toBe(await dishesDocument());
    for (const recipe of recipes) expect(doc).toContain(`| ${Math.round(documented(recipe).kcal)} |`);
  });
});
