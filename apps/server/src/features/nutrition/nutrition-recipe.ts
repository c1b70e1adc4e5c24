/** A dish as the checker computes it: IFCT ingredients in raw grams for one cooked serving. */
export interface Recipe {
  id: string;
  /** The name shown with the result. */
  name: string;
  /** Lower-case names a visitor types, singular. */
  names: readonly string[];
  /**
   * What one serving is called: the measure a visitor gives ("1 plate poha", "1 cup tea", "1 katori dal")
   * and the serving used when none is given. That measure weighs `servingGrams` (a cup of tea is a 150 ml
   * tea cup, not the 240 ml kitchen cup); other volumes go through `density`.
   */
  serving: 'katori' | 'plate' | 'piece' | 'glass' | 'cup';
  /** Grams of one cooked serving. */
  servingGrams: number;
  /** Grams of one piece, for dishes counted in pieces (then a serving is one piece). */
  pieceGrams?: number;
  /** Grams per ml of the cooked dish, for cups, katoris and spoons. */
  density: number;
  /** IFCT food code (or an extra food's, nutrition-extra-foods.ts) and raw grams, for one serving. */
  ingredients: readonly (readonly [code: string, grams: number])[];
  /** Where the proportions, the serving and the cooked yield come from (docs/decisions/0021). */
  source: string;
}
