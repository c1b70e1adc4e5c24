import { nutritionMessages } from '@hurryup/contracts/nutrition-rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // The tables load at the first question (0.1 to 5 s on a busy machine): load them before the tests.
  await ask('1 egg');
}, 60_000);
afterAll(async () => {
  await t.close();
});

const ask = (ingr: string | undefined, extra = '') =>
  t.app.inject({
    method: 'GET',
    url: `/api/nutrition-data${ingr === undefined ? '' : `?ingr=${encodeURIComponent(ingr)}`}${extra}`,
  });

describe('GET /api/nutrition-data', () => {
  it('answers the specification shape for an IFCT food and an amount in grams', async () => {
    const res = await ask('200 g paneer');
    expect(res.statusCode).toBe(200);
    const answer = res.json();
    expect(answer.ingredients[0].text).toBe('200 g paneer');
    const parsed = answer.ingredients[0].parsed[0];
    expect(parsed).toMatchObject({
      quantity: 200,
      measure: 'gram',
      food: 'Paneer',
      foodId: 'L003',
      source: 'ifct',
      weight: 200,
      components: [],
    });
    // IFCT 2017 paneer per 100 g: 1079 kJ, protein 18.86 g, fat 14.78 g, carbohydrate 12.41 g, iron 0.0009 g.
    expect(parsed.nutrients).toEqual({
      ENERC_KCAL: { label: 'Energy', quantity: 515.77, unit: 'kcal' },
      PROCNT: { label: 'Protein', quantity: 37.72, unit: 'g' },
      FAT: { label: 'Fat', quantity: 29.56, unit: 'g' },
      CHOCDF: { label: 'Carbohydrate', quantity: 24.82, unit: 'g' },
      FE: { label: 'Iron', quantity: 1.8, unit: 'mg' },
    });
  });

  it('computes the energy of ghee from its fat', async () => {
    const parsed = (await ask('1 1/2 tbsp ghee')).json().ingredients[0].parsed[0];
    expect(parsed.food).toBe('Ghee');
    expect(parsed.weight).toBe(20.48);
    // 20.475 g of fat x 37 kJ/g / 4.184 = 181.06 kcal
    expect(parsed.nutrients.ENERC_KCAL.quantity).toBe(181.06);
    expect(parsed.nutrients.FAT.quantity).toBe(20.48);
  });

  it('answers a cooked dish through its recipe, naming the ingredients and grams', async () => {
    const parsed = (await ask('2 rotis')).json().ingredients[0].parsed[0];
    expect(parsed).toMatchObject({
      quantity: 2,
      measure: 'piece',
      food: 'Roti (chapati, plain)',
      foodId: 'recipe:roti',
      source: 'recipe',
      weight: 80,
      components: [{ food: 'Wheat flour, atta', foodId: 'A019', weight: 60 }],
    });
    // 60 g of atta: 1340 kJ x 0.6 / 4.184 = 192.16 kcal; iron 4.1 mg x 0.6
    expect(parsed.nutrients.ENERC_KCAL.quantity).toBe(192.16);
    expect(parsed.nutrients.FE.quantity).toBe(2.46);
  });

  it('matches Indian names: toor dal is red gram dal, a katori of dal is the cooked recipe', async () => {
    expect((await ask('100 g toor dal')).json().ingredients[0].parsed[0].foodId).toBe('B021');
    const dal = (await ask('1 katori dal')).json().ingredients[0].parsed[0];
    expect(dal.foodId).toBe('recipe:dal');
    expect(dal.weight).toBe(150);
    expect(dal.measure).toBe('katori');
  });

  it('answers a katori of rice as cooked rice, and the common dishes of issue 27', async () => {
    const rice = (await ask('1 katori rice')).json().ingredients[0].parsed[0];
    expect(rice).toMatchObject({ foodId: 'recipe:rice', food: 'Plain rice, cooked', weight: 150 });
    // 50 g raw milled rice: 1491 kJ x 0.5 / 4.184 = 178.18 kcal (raw rice by the katori was 444 kcal).
    expect(rice.nutrients.ENERC_KCAL.quantity).toBe(178.18);
    for (const [text, id] of [
      ['1 plate rajma chawal', 'rajma-chawal'],
      ['1 cup tea', 'tea'],
      ['chole bhature', 'chole-bhature'],
      ['pav bhaji', 'pav-bhaji'],
      ['vada pav', 'vada-pav'],
      ['gulab jamun', 'gulab-jamun'],
      ['jalebi', 'jalebi'],
      ['masala chai', 'masala-chai'],
      ['lassi', 'lassi'],
      ['chicken biryani', 'chicken-biryani'],
      ['samosa', 'samosa'],
    ] as const) {
      const res = await ask(text);
      expect(res.statusCode, text).toBe(200);
      expect(res.json().ingredients[0].parsed[0].foodId, text).toBe(`recipe:${id}`);
    }
  });

  it('answers 404 with the specification message for a food it does not know', async () => {
    const res = await ask('2 slices of pizza');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: nutritionMessages.notFound, code: 'NOT_FOUND' });
  });

  it.each([
    [undefined, nutritionMessages.empty],
    ['', nutritionMessages.empty],
    ['   ', nutritionMessages.empty],
    ['x'.repeat(201), nutritionMessages.tooLong],
    ['12345 !!', nutritionMessages.nonsense],
    ['2 cups', nutritionMessages.nonsense],
    ['0 roti', nutritionMessages.zeroAmount],
    ['10 kg rice', nutritionMessages.tooMuch],
    ['99999999999999999999999 rotis', nutritionMessages.tooMuch],
    ['2 paneer', nutritionMessages.unknownUnit],
    ['2 pinches turmeric', nutritionMessages.unknownUnit],
  ])('refuses %j with 400 and a clear message', async (ingr, message) => {
    const res = await ask(ingr);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.fields?.ingr ?? body.error).toBe(message);
  });

  it('refuses unknown parameters and broken text', async () => {
    expect((await ask('1 egg', '&app_key=abc')).statusCode).toBe(400);
    expect((await ask('1 egg\0')).statusCode).toBe(400);
  });

  it('accepts exactly 200 characters', async () => {
    const text = `1 egg ${' '.repeat(0)}${'a'.repeat(194)}`;
    expect(text).toHaveLength(200);
    expect((await ask(text)).statusCode).toBe(404);
  });

  it('is a public answer that can be cached, and the same on a second ask', async () => {
    const first = await ask('1 egg');
    const second = await ask('1 egg');
    expect(first.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    expect(String(first.headers['cache-control'])).toContain('public');
  });
});
