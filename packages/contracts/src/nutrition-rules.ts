/*
 * The nutrition checker's rules and exact texts (tools-and-trading.md "Nutrition checker", sections 5, 8 and
 * 9), applied by the page before asking and again by the server: free of zod, so the page carries none.
 */

export const nutritionPagePath = '/nutrition';

/** The longest food text the checker reads (characters, after trimming). */
export const nutritionTextMaxLength = 200;

/** The largest amount one question may weigh, in grams (5 kg): more is a typing mistake, not a meal. */
export const nutritionMaxGrams = 5000;

export const nutritionMessages = {
  /** Section 8: any answer that is not OK. */
  notFound: 'No nutrition data found',
  empty: 'Please enter a food item.',
  tooLong: `The food item must be at most ${nutritionTextMaxLength} characters.`,
  nonsense: "Please enter a food, for example '2 rotis', '1 katori dal' or '100 g paneer'.",
  zeroAmount: 'The amount must be more than zero.',
  tooMuch: `That is more than ${nutritionMaxGrams / 1000} kg: please enter the amount of one serving or meal.`,
  unknownUnit: 'That unit cannot be weighed for this food: use grams, or a count such as 2 rotis.',
  /** The server could not read its food tables (503; the next question tries again). */
  unavailable: 'The food tables are not available right now. Please try again in a moment.',
} as const;

/** The code of the 503 answer when the server cannot read its food tables. */
export const nutritionUnavailableCode = 'NUTRITION_UNAVAILABLE';

export const nutritionTexts = {
  heading: 'Nutrition Checker',
  intro:
    'Type a food or a dish and how much of it, such as 2 rotis, 1 katori rice, 1 plate rajma chawal, 1 cup tea or 200 g paneer. A katori, cup or plate of rice or dal means it cooked. Values come from the Indian Food Composition Tables 2017 (NIN), for raw foods and for over 200 home recipes built from them (with USDA figures for sugar and butter).',
  label: 'Food item',
  inputPlaceholder: 'e.g. 2 rotis',
  submit: 'Get Nutrition',
  busy: 'Getting...',
  placeholder: 'Nutrition info will appear here.',
} as const;

/** The five nutrients the page shows (section 3, "Nutrition response"), in its order, with their labels. */
export const nutrientCodes = ['ENERC_KCAL', 'PROCNT', 'FAT', 'CHOCDF', 'FE'] as const;
export type NutrientCode = (typeof nutrientCodes)[number];
export const nutrientLabels: Record<NutrientCode, string> = {
  ENERC_KCAL: 'Energy',
  PROCNT: 'Protein',
  FAT: 'Fat',
  CHOCDF: 'Carbohydrate',
  FE: 'Iron',
};

/**
 * The page's own check before it asks: the message to show, or undefined when the text may be sent.
 * "Nonsense" is text with no letter at all (digits and signs only); the server checks the same.
 */
export function nutritionTextError(text: string): string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return nutritionMessages.empty;
  if (trimmed.length > nutritionTextMaxLength) return nutritionMessages.tooLong;
  if (!/\p{L}/u.test(trimmed)) return nutritionMessages.nonsense;
  return undefined;
}
