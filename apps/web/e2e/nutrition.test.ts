import { describe, expect, inject, it } from 'vitest';
import { expectNoSeriousAxeViolations, openBrowserSession, waitForHydration } from './browser.ts';

const baseUrl = inject('baseUrl');
const session = openBrowserSession();

const food = () => session.page.getByLabel('Food item');
const submit = () => session.page.getByRole('button', { name: 'Get Nutrition' });
const result = () => session.page.getByRole('region', { name: 'Nutrition result' });
const facts = async () =>
  Object.fromEntries(
    await session.page
      .locator('.nutrition-facts__row')
      .evaluateAll((rows) =>
        rows.map((row) => [
          row.querySelector('dt')?.textContent ?? '',
          row.querySelector('dd')?.textContent ?? '',
        ]),
      ),
  );

async function openNutrition() {
  await session.page.goto(`${baseUrl}/nutrition`);
  await waitForHydration(session.page);
}

async function ask(text: string) {
  await food().fill(text);
  await submit().click();
}

describe('Nutrition checker (/nutrition)', () => {
  it('shows the input, the button and the placeholder, with title and canonical link', async () => {
    await openNutrition();
    expect(await session.page.getByRole('heading', { level: 1 }).textContent()).toBe('Nutrition Checker');
    expect(await submit().isVisible()).toBe(true);
    expect(await result().textContent()).toBe('Nutrition info will appear here.');
    expect(await session.page.title()).toBe('Nutrition Checker for Indian Food | Hurry Up');
    expect(await session.page.locator('link[rel="canonical"]').getAttribute('href')).toBe(
      `${baseUrl}/nutrition`,
    );
    await expectNoSeriousAxeViolations(session.page);
  });

  it('shows energy, protein, fat, carbohydrate and iron of a recipe, naming it and the grams used', async () => {
    await openNutrition();
    await ask('2 rotis');
    await session.page.getByRole('heading', { name: 'Roti (chapati, plain)' }).waitFor();
    expect(await result().textContent()).toContain('2 pieces = 80 g');
    expect(await facts()).toEqual({
      Energy: '192.16 kcal',
      Protein: '6.34 g',
      Fat: '0.92 g',
      Carbohydrate: '38.5 g',
      Iron: '2.46 mg',
    });
    expect(await session.page.locator('.nutrition-facts__parts li').allTextContents()).toEqual([
      'Wheat flour, atta: 60 g',
    ]);
    await expectNoSeriousAxeViolations(session.page);
  });

  it('shows an IFCT food with its code, ghee with energy from its fat', async () => {
    await openNutrition();
    await ask('1 1/2 tbsp ghee');
    await session.page.getByRole('heading', { name: 'Ghee' }).waitFor();
    expect(await result().textContent()).toContain('IFCT 2017 food T013');
    expect((await facts()).Energy).toBe('181.06 kcal');
  });

  it("says 'No nutrition data found' for a food it does not know", async () => {
    await openNutrition();
    await ask('1 slice of pizza');
    await result().getByText('No nutrition data found').waitFor();
    await expectNoSeriousAxeViolations(session.page);
  });

  it('checks the input before asking, and shows the server refusal of an amount', async () => {
    await openNutrition();
    let asked = 0;
    session.page.on('request', (request) => {
      if (request.url().includes('/api/nutrition-data')) asked += 1;
    });
    await submit().click();
    await session.page.getByText('Please enter a food item.').waitFor();
    await ask('12345');
    await session.page.getByText("Please enter a food, for example '2 rotis'").waitFor();
    expect(await food().getAttribute('aria-invalid')).toBe('true');
    expect(asked).toBe(0);
    await ask('10 kg rice');
    await result().getByText('That is more than 5 kg').waitFor();
    expect(asked).toBe(1);
    await expectNoSeriousAxeViolations(session.page);
  });

  it('answers a food given in the address, as a form sent before the script started arrives', async () => {
    await session.page.goto(`${baseUrl}/nutrition?ingr=${encodeURIComponent('1 katori dal')}`);
    await waitForHydration(session.page);
    await session.page.getByRole('heading', { name: 'Dal (toor dal tadka), cooked' }).waitFor();
    expect(await food().inputValue()).toBe('1 katori dal');
    expect(await result().textContent()).toContain('1 katori = 150 g');
    expect(await session.page.locator('form.nutrition-form').getAttribute('action')).toBe('/nutrition');
  });
});
