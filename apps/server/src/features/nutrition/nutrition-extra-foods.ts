import type { IfctFood } from './nutrition-foods.ts';

/**
 * Ingredients of common dishes that the IFCT 2017 tables do not hold: sugar (they have jaggery and cane juice
 * only), butter, sago and instant coffee powder. Their figures per 100 g are those of the USDA FoodData
 * Central SR Legacy release (April 2018), whose number each code carries (`USDA-19335` is FDC SR 19335);
 * they are used only inside recipes, so an answer for a plain name ("sugar") still comes from IFCT or is
 * 'No nutrition data found'. Tea leaves and brewed tea or filter-coffee decoction (about 1 kcal per 100 g,
 * SR 14355 and 14209) are left out of the drinks like water and salt.
 */
export const extraFoods: readonly IfctFood[] = [
  {
    code: 'USDA-19335',
    name: 'Sugar, granulated (USDA SR 19335)',
    group: 'Sugars',
    hindiNames: [],
    per100g: { energyKcal: 387, proteinG: 0, fatG: 0, carbohydrateG: 99.98, ironMg: 0.05 },
  },
  {
    code: 'USDA-01001',
    name: 'Butter, salted (USDA SR 01001)',
    group: 'Edible Oils and Fats',
    hindiNames: [],
    per100g: { energyKcal: 717, proteinG: 0.85, fatG: 81.11, carbohydrateG: 0.06, ironMg: 0.02 },
  },
  {
    code: 'USDA-20068',
    name: 'Sago (tapioca pearls), dry (USDA SR 20068)',
    group: 'Cereals and Millets',
    hindiNames: [],
    per100g: { energyKcal: 358, proteinG: 0.19, fatG: 0.02, carbohydrateG: 88.69, ironMg: 1.58 },
  },
  {
    code: 'USDA-14214',
    name: 'Coffee, instant powder (USDA SR 14214)',
    group: 'Miscellaneous Foods',
    hindiNames: [],
    per100g: { energyKcal: 353, proteinG: 12.2, fatG: 0.5, carbohydrateG: 75.4, ironMg: 4.41 },
  },
];

export const sugar = 'USDA-19335';
export const butter = 'USDA-01001';
export const sago = 'USDA-20068';
export const instantCoffee = 'USDA-14214';
