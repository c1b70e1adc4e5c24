import { getNutritionData } from '@hurryup/contracts/nutrition';
import { defineFeature } from '../../shared/feature.ts';
import { registerCall } from '../../shared/register-call.ts';
import { createNutritionService } from './nutrition.service.ts';
import { loadIfctFoods } from './nutrition-foods.ts';
import { createMatcher, type Matcher } from './nutrition-matcher.ts';

/**
 * The nutrition checker's server (tools-and-trading.md "Nutrition checker"; decision 0021):
 * `GET /api/nutrition-data?ingr=…` computed offline from the Indian Food Composition Tables 2017. The
 * tables (542 foods, 0.1 to 0.2 s to parse) load at the first question, not at start, and stay in memory;
 * a failed load is tried again at the next question. The answer depends only on the text and the bundled
 * tables, so it is cached for everyone and no write changes it (`shows: []`).
 */
export const nutritionFeature = defineFeature({
  name: 'nutrition',
  async plugin(app, { log }) {
    let loading: Promise<Matcher> | undefined;
    const matcher = () => {
      loading ??= loadIfctFoods().then(
        (foods) => {
          const loaded = createMatcher(foods);
          log.info(loaded.counts, 'IFCT 2017 food tables loaded for the nutrition checker');
          return loaded;
        },
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      );
      return loading;
    };
    const nutrition = createNutritionService(matcher);
    registerCall(app, getNutritionData, ({ query }) => nutrition.lookup(query.ingr), {
      cache: { shows: [] },
    });
  },
});
