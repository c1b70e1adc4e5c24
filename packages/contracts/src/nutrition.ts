import { z } from 'zod';
import { defineCall } from './api-call.ts';
import { nutrientLabels, nutritionMessages, nutritionTextError } from './nutrition-rules.ts';
import { cleanText } from './text.ts';

export const nutritionQuerySchema = z
  .object({
    ingr: cleanText(nutritionMessages.empty)
      .describe('What the visitor typed: an amount, a unit and a food, e.g. "2 rotis" or "100 g paneer"')
      .superRefine((value, context) => {
        const message = nutritionTextError(value);
        if (message) context.addIssue({ code: 'custom', message });
      })
      .transform((value) => value.trim()),
  })
  .strict();
export type NutritionQuery = z.output<typeof nutritionQuerySchema>;

const nutrientSchema = z
  .object({
    label: z.string(),
    quantity: z.number().describe('For the amount asked, rounded to 2 decimals'),
    unit: z.string(),
  })
  .meta({ id: 'Nutrient' });
export type Nutrient = z.infer<typeof nutrientSchema>;

export const nutrientsSchema = z
  .object({
    ENERC_KCAL: nutrientSchema.describe(`${nutrientLabels.ENERC_KCAL} in kcal`),
    PROCNT: nutrientSchema.describe(`${nutrientLabels.PROCNT} in g`),
    FAT: nutrientSchema.describe(`${nutrientLabels.FAT} in g`),
    CHOCDF: nutrientSchema.describe(`${nutrientLabels.CHOCDF} (available carbohydrate) in g`),
    FE: nutrientSchema.describe(`${nutrientLabels.FE} in mg`),
  })
  .meta({ id: 'Nutrients' });
export type Nutrients = z.infer<typeof nutrientsSchema>;

export const parsedFoodSchema = z
  .object({
    quantity: z.number().describe('The amount read from the text (1 when none was given)'),
    measure: z.string().describe('The unit read: gram, cup, katori, piece, serving…'),
    food: z.string().describe('The food or recipe matched'),
    foodId: z.string().describe('IFCT 2017 food code, or recipe:<name> for a recipe'),
    source: z.enum(['ifct', 'recipe']),
    weight: z.number().describe('The grams the nutrients were computed for'),
    components: z
      .array(z.object({ food: z.string(), foodId: z.string(), weight: z.number() }))
      .describe('For a recipe: its IFCT ingredients and their raw grams for this amount'),
    nutrients: nutrientsSchema,
  })
  .meta({ id: 'ParsedFood' });
export type ParsedFood = z.infer<typeof parsedFoodSchema>;

/** The specification's "Nutrition response": ingredients[0].parsed[0].nutrients. */
export const nutritionAnswerSchema = z
  .object({
    ingredients: z.array(z.object({ text: z.string(), parsed: z.array(parsedFoodSchema) })),
  })
  .meta({ id: 'NutritionAnswer' });
export type NutritionAnswer = z.infer<typeof nutritionAnswerSchema>;

export const getNutritionData = defineCall({
  method: 'GET',
  path: '/api/nutrition-data',
  operationId: 'getNutritionData',
  summary:
    'Energy, protein, fat, carbohydrate and iron of a typed amount of food, from the Indian Food Composition Tables 2017',
  tag: 'nutrition',
  access: 'public',
  query: nutritionQuerySchema,
  status: 200,
  response: nutritionAnswerSchema,
  errors: [400, 404, 503],
});
