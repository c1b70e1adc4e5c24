/*
 * What a trading screen checks in a number field before it sends anything, and the words it says when the
 * field cannot be used (decisions.md section 9, "Messages beyond the specification"). Free of zod, so the
 * pages carry it at first render (decision 0019).
 */

/** One number field: how a message names it, an example value, and the values the server accepts. */
export type NumberFieldRule = {
  /** The field as a sentence names it: "India VIX", "From Year". */
  name: string;
  /** A value to show as an example: "14.5". */
  example: string;
  min: number;
  max: number;
  /** The bounds themselves are refused (NIFTY must be above 0). */
  exclusive?: boolean;
  /** Only whole numbers. */
  whole?: boolean;
  /** Only multiples of this step (the strike gap's 50 points). */
  step?: number;
};

/** A Unicode minus (U+2212), as typeset negative numbers are written. */
export const minusSign = '\u2212';

/** A bound as written in a message: years and small numbers plain, 10,000 and more grouped the Indian way. */
const bound = (value: number) =>
  `${value < 0 ? minusSign : ''}${
    Math.abs(value) >= 10_000 ? Math.abs(value).toLocaleString('en-IN') : String(Math.abs(value))
  }`;

/** The field's range in words: "RSI must be between 0 and 100". */
export function rangeMessage(rule: NumberFieldRule): string {
  if (rule.exclusive) return `${rule.name} must be above ${bound(rule.min)} and below ${bound(rule.max)}`;
  return `${rule.name} must be between ${bound(rule.min)} and ${bound(rule.max)}`;
}

/**
 * The field's text as a number: digits with an optional sign (a Unicode minus too), decimal point and Indian
 * or Western grouping commas; undefined when it is empty or anything else ("14.5x", "1e3", "—").
 */
export function parseFieldNumber(text: string): number | undefined {
  const plain = text.trim().replace(/^[\u2212\u2013]/, '-');
  if (!/^[-+]?(\d{1,3}(,\d{2,3})*|\d+)(\.\d+)?$|^[-+]?\.\d+$/.test(plain)) return undefined;
  const value = Number(plain.replace(/,/g, ''));
  return Number.isFinite(value) ? value : undefined;
}

/** What is wrong with a field's text, in words, or undefined when the server would accept it. */
export function numberFieldProblem(text: string, rule: NumberFieldRule): string | undefined {
  if (text.trim() === '') return `Enter ${rule.name}, for example ${rule.example}`;
  const value = parseFieldNumber(text);
  if (value === undefined) return `${rule.name} must be a number, for example ${rule.example}`;
  if (rule.whole && !Number.isInteger(value)) return `${rule.name} must be a whole number`;
  const outside = rule.exclusive
    ? value <= rule.min || value >= rule.max
    : value < rule.min || value > rule.max;
  if (outside) return rangeMessage(rule);
  if (rule.step && value % rule.step !== 0) return `${rule.name} must be a multiple of ${rule.step}`;
  return undefined;
}

/**
 * Checks every field of a form: the values to send when all are usable, else each field's problem. A
 * screen sends nothing unless `problems` is empty.
 */
export function checkNumberFields<K extends string>(
  texts: Record<K, string>,
  rules: Record<K, NumberFieldRule>,
): { values: Record<K, number>; problems: Partial<Record<K, string>> } {
  const values = {} as Record<K, number>;
  const problems: Partial<Record<K, string>> = {};
  for (const key of Object.keys(rules) as K[]) {
    const problem = numberFieldProblem(texts[key], rules[key]);
    if (problem) problems[key] = problem;
    else values[key] = parseFieldNumber(texts[key]) as number;
  }
  return { values, problems };
}
