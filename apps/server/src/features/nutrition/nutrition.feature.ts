import { getNutritionData } from '@hurryup/contracts/nutrition';
import { defineFeature } from '../../shared/feature.ts';
import { largeTableIdleMs, loadedOnUse } from '../../shared/loaded-on-use.ts';
import { registerCall } from '../../shared/register-call.ts';
import { createNutritionService } from './nutrition.service.ts';
import { loadIfctFoods } from './nutrition-foods.ts';

/**
 * The nutrition checker's server (tools-and-trading.md "Nutrition checker"; decision 0021):
 * `GET /api/nutrition-data?ingr=…` computed offline from the Indian Food Composition Tables 2017. The
 * tables (542 foods, about 20 ms to read) load at the first question, not at start, and are let go after
 * `largeTableIdleMs` without one (docs/decisions/0044-memory-of-a-web-process.md); a failed load is tried
 * again at the next question. The answer depends only on the text and the bundled tables, so it is cached
 * for everyone and no write changes it (`shows: []`). `loadFoods` replaces how the tables are read (tests
 * count the loads).
 */
export function createNutritionFeature(loadFoods: typeof loadIfctFoods = loadIfctFoods) {
  return defineFeature({
    name: 'nutrition',
    async plugin(app, { log, clock }) {
      const matcher = loadedOnUse({
        clock,
        idleMs: largeTableIdleMs,
        async load() {
          // The dishes, recipes and names (about 4,000 lines of tables) are read with the foods, not at start.
          const { createMatcher } = await import('./nutrition-matcher.ts');
          const loaded = createMatcher(await loadFoods());
          log.info(loaded.counts, 'IFCT 2017 food tables loaded for the nutrition checker');
          return loaded;
        },
      });
      app.addHook('onClose', async () => matcher.release());
      const nutrition = createNutritionService(matcher, log);
      registerCall(app, getNutritionData, ({ query }) => nutrition.lookup(query.ingr), {
        cache: { shows: [] },
      });
    },
  });
}

export const nutritionFeature = createNutritionFeature();
