import { nutritionMessages, nutritionUnavailableCode } from '@hurryup/contracts/nutrition-rules';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { ManualClock } from '../../shared/clock.ts';
import { largeTableIdleMs } from '../../shared/loaded-on-use.ts';
import { createNutritionFeature } from './nutrition.feature.ts';
import { loadIfctFoods } from './nutrition-foods.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** The checker on the real tables, counting how often they are read; the first `failures` reads fail. */
async function nutritionApp(failures = 0) {
  const counts = { loads: 0, failed: 0 };
  const clock = new ManualClock();
  const feature = createNutritionFeature(async () => {
    if (counts.failed < failures) {
      counts.failed += 1;
      throw new Error('the food tables are missing');
    }
    counts.loads += 1;
    return loadIfctFoods();
  });
  t = await createTestApp({}, { features: [feature], platform: { clock } });
  const app = t.app;
  const ask = (text: string) =>
    app.inject({ method: 'GET', url: `/api/nutrition-data?ingr=${encodeURIComponent(text)}` });
  return { counts, clock, ask };
}

const energy = (res: { json(): unknown }) =>
  (res.json() as { ingredients: { parsed: { nutrients: { ENERC_KCAL: { quantity: number } } }[] }[] })
    .ingredients[0]!.parsed[0]!.nutrients.ENERC_KCAL.quantity;

describe('the food tables are read on use and let go when idle', () => {
  it('are not read at start; two concurrent first questions read them once', async () => {
    const { counts, ask } = await nutritionApp();
    expect(counts.loads).toBe(0);
    const [rice, rotis] = await Promise.all([ask('1 katori rice'), ask('2 rotis')]);
    expect(rice.statusCode).toBe(200);
    expect(rotis.statusCode).toBe(200);
    expect(energy(rotis)).toBeGreaterThan(0);
    expect(counts.loads).toBe(1);
    expect((await ask('100 g paneer')).statusCode).toBe(200);
    expect(counts.loads).toBe(1);
  });

  it('are let go after a while without questions and read again by the next, with the same answers', async () => {
    const { counts, clock, ask } = await nutritionApp();
    const before = energy(await ask('100 g paneer'));
    clock.advance(largeTableIdleMs - 1);
    expect((await ask('1 egg')).statusCode).toBe(200);
    clock.advance(largeTableIdleMs);
    expect(counts.loads).toBe(1);
    // A different text: the same one would come from the answer cache.
    expect(energy(await ask('200 g paneer'))).toBeCloseTo(before * 2, 1);
    expect(counts.loads).toBe(2);
  });

  it('answer 503 when the tables cannot be read, and the next question reads them', async () => {
    const { counts, ask } = await nutritionApp(1);
    const refused = await ask('2 rotis');
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({ error: nutritionMessages.unavailable, code: nutritionUnavailableCode });
    expect((await ask('2 rotis')).statusCode).toBe(200);
    expect(counts.loads).toBe(1);
  });
});
