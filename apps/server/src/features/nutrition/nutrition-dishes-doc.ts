import { createNutritionService } from './nutrition.service.ts';
import { loadIfctFoods } from './nutrition-foods.ts';
import { createMatcher } from './nutrition-matcher.ts';
import { recipes } from './nutrition-recipes.ts';

/**
 * docs/nutrition-dishes.md: every dish with its names, serving, raw grams, energy and source, as the checker
 * answers it. `nutrition-dishes.test.ts` fails when the file differs; write it again with
 * `node apps/server/src/features/nutrition/nutrition-dishes-doc.ts > docs/nutrition-dishes.md`.
 */
export async function dishesDocument(): Promise<string> {
  const matcher = createMatcher(await loadIfctFoods());
  const service = createNutritionService(async () => matcher);
  const cell = (text: string) => text.replace(/\|/g, '\\|');
  const lines = [
    '# Dishes the nutrition checker knows',
    '',
    'Written by `apps/server/src/features/nutrition/nutrition-dishes-doc.ts` from `nutrition-recipes.ts` and',
    '`nutrition-dishes.ts`; decision 0021 ("Dishes: the list and its sources") explains the references NIN,',
    'BOG, USDA and HOME. Each row is one serving: the raw grams of its ingredients (IFCT 2017 codes; `USDA-…`',
    'for the four foods IFCT lacks), the weight of the cooked serving, and the energy the checker answers.',
    '',
    `${recipes.length} dishes.`,
    '',
    '| dish | typed as | serving | ingredients (raw g) | kcal | source |',
    '|---|---|---|---|---|---|',
  ];
  for (const recipe of recipes) {
    const parsed = (await service.lookup(`1 serving ${recipe.names[0]}`)).ingredients[0]?.parsed[0];
    const kcal = Math.round(parsed?.nutrients.ENERC_KCAL.quantity ?? Number.NaN);
    const ingredients = recipe.ingredients.map(([code, grams]) => `${code} ${grams}`).join(', ');
    lines.push(
      `| ${cell(recipe.name)} (\`${recipe.id}\`) | ${cell(recipe.names.slice(0, 4).join(', '))} | ${recipe.serving} of ${recipe.servingGrams} g | ${ingredients} | ${kcal} | ${cell(recipe.source)} |`,
    );
  }
  return `${lines.join('\n')}\n`;
}

if (import.meta.main) process.stdout.write(await dishesDocument());
