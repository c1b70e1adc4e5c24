import { type FoodAlias, foodAliases } from './nutrition-aliases.ts';
import { extraFoods } from './nutrition-extra-foods.ts';
import type { IfctFood } from './nutrition-foods.ts';
import { type Recipe, recipes } from './nutrition-recipes.ts';

export type RecipeMatch = { kind: 'recipe'; recipe: Recipe; ingredients: ReadonlyMap<string, IfctFood> };
/**
 * What a food text names: a recipe, or an IFCT food with what is known of its pieces and density, and, for a
 * grain or pulse, the cooked dish a serving measure of it means (`cooked`, FoodAlias.cooked).
 */
export type Match =
  | RecipeMatch
  | {
      kind: 'food';
      food: IfctFood;
      pieceGrams: number | undefined;
      density: number | undefined;
      cooked?: RecipeMatch;
    };

/**
 * Words that describe a food without changing which one it is ("2 fresh tomatoes", "hot rotis"), dropped
 * when the whole name does not match. Cooking words are not among them: "cooked rice" is a recipe, "rice"
 * is the raw grain.
 */
const describingWords = new Set([
  'fresh',
  'raw',
  'uncooked',
  'whole',
  'medium',
  'large',
  'big',
  'small',
  'ripe',
  'hot',
  'homemade',
  'home',
  'made',
  'indian',
  'desi',
  'organic',
  'chopped',
  'sliced',
  'diced',
  'grated',
  'peeled',
  'the',
  'some',
  'of',
  'size',
  'sized',
  'pieces',
  'piece',
  'medium-sized',
  'plain',
  'simple',
  'fresh-cut',
  'with',
]);

/** Singular forms: "tomatoes" → "tomato", "rotis" → "roti", "idlies" → "idli". */
export function singular(word: string): string[] {
  const forms = [word];
  if (word.length > 3 && word.endsWith('ies'))
    forms.push(`${word.slice(0, -3)}y`, word.slice(0, -2), `${word.slice(0, -3)}i`);
  if (word.length > 3 && word.endsWith('oes')) forms.push(word.slice(0, -2));
  if (word.length > 3 && word.endsWith('es')) forms.push(word.slice(0, -1), word.slice(0, -2));
  if (word.length > 2 && word.endsWith('s') && !word.endsWith('ss')) forms.push(word.slice(0, -1));
  return forms;
}

/** Every way of reading a food text as a name: as typed, then with plurals made singular. */
function namesOf(text: string): string[] {
  const words = text.split(' ').filter((word) => word !== '');
  const names = new Set<string>([words.join(' ')]);
  // Only the last word of a name is plural in practice ("boiled eggs", "masala dosas").
  const last = words.at(-1);
  if (last) for (const form of singular(last)) names.add([...words.slice(0, -1), form].join(' '));
  return [...names];
}

export interface Matcher {
  match(food: string): Match | undefined;
  /** Counts for the report and the decision record. */
  readonly counts: { foods: number; aliases: number; recipes: number; hindiNames: number };
}

/**
 * The matcher: the project's alias table and recipes first (they are what a visitor types), then the IFCT
 * tables' own English names ("Ragi", "Milk, whole, Cow", and the part before the first comma when only one
 * food has it) and their Hindi names ("Chawal", "Arhar dal") when only one food has that name. Nothing
 * matches by guessing: a text whose words are not all a known name, less describing words, is unknown.
 */
export function createMatcher(foods: ReadonlyMap<string, IfctFood>): Matcher {
  const byName = new Map<string, Match>();
  const add = (name: string, match: Match) => {
    if (!byName.has(name)) byName.set(name, match);
  };
  // Recipes may also use the few foods IFCT 2017 lacks (sugar, butter…); a plain name matches IFCT only.
  const ingredients = new Map(foods);
  for (const food of extraFoods) ingredients.set(food.code, food);
  const recipeMatches = new Map<string, RecipeMatch>();
  for (const recipe of recipes) {
    for (const [code] of recipe.ingredients)
      if (!ingredients.has(code))
        throw new Error(`The recipe ${recipe.id} uses ${code}, which IFCT 2017 does not hold.`);
    const match: RecipeMatch = { kind: 'recipe', recipe, ingredients };
    recipeMatches.set(recipe.id, match);
    for (const name of recipe.names) add(name, match);
  }
  const foodMatch = (alias: FoodAlias): Match => {
    const food = foods.get(alias.code);
    if (!food)
      throw new Error(`The nutrition alias table names ${alias.code}, which IFCT 2017 does not hold.`);
    const cooked = alias.cooked === undefined ? undefined : recipeMatches.get(alias.cooked);
    if (alias.cooked !== undefined && !cooked)
      throw new Error(`The alias of ${alias.code} is cooked as ${alias.cooked}, which is no recipe.`);
    return {
      kind: 'food',
      food,
      pieceGrams: alias.pieceGrams,
      density: alias.density,
      ...(cooked ? { cooked } : {}),
    };
  };
  let aliases = 0;
  for (const alias of foodAliases) {
    const match = foodMatch(alias);
    for (const name of alias.names) {
      aliases += 1;
      add(name, match);
    }
  }
  const simple = (name: string) =>
    name
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\s-]/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim();
  const heads = new Map<string, IfctFood[]>();
  const hindi = new Map<string, IfctFood[]>();
  for (const food of foods.values()) {
    add(simple(food.name), { kind: 'food', food, pieceGrams: undefined, density: undefined });
    const head = simple(food.name.split(',')[0] ?? food.name);
    heads.set(head, [...(heads.get(head) ?? []), food]);
    for (const name of food.hindiNames) hindi.set(simple(name), [...(hindi.get(simple(name)) ?? []), food]);
  }
  for (const [head, list] of heads)
    if (list.length === 1 && list[0])
      add(head, { kind: 'food', food: list[0], pieceGrams: undefined, density: undefined });
  let hindiNames = 0;
  for (const [name, list] of hindi) {
    if (list.length !== 1 || !list[0] || name === '' || byName.has(name)) continue;
    hindiNames += 1;
    add(name, { kind: 'food', food: list[0], pieceGrams: undefined, density: undefined });
  }

  function lookup(text: string): Match | undefined {
    for (const name of namesOf(text)) {
      const found = byName.get(name);
      if (found) return found;
    }
    return undefined;
  }

  return {
    counts: { foods: foods.size, aliases, recipes: recipes.length, hindiNames },
    match(food) {
      const text = simple(food);
      if (text === '') return undefined;
      const exact = lookup(text);
      if (exact) return exact;
      const kept = text.split(' ').filter((word) => !describingWords.has(word));
      return kept.length > 0 ? lookup(kept.join(' ')) : undefined;
    },
  };
}
