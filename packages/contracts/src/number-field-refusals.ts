/*
 * A server's refusal of a trading form, in a visitor's words. Apart from number-field-rules.ts because a page
 * needs it only after a refusal, so it loads then (decision 0019: the trading pages have no room to spare).
 */
import { minusSign, type NumberFieldRule, rangeMessage } from './number-field-rules.ts';

/**
 * A server message about fields, in a visitor's words: each body field name it mentions becomes the field's
 * name, and the closing full stop goes ("startYear must be between 2024 and 2025." → "From Year must be
 * between 2024 and 2025"). A message that names none of the fields is replaced by the field's range.
 */
export function humaniseFieldMessage<K extends string>(
  key: K,
  message: string,
  rules: Record<K, NumberFieldRule>,
): string {
  let text = message.trim().replace(/\.$/, '');
  let named = false;
  for (const other of Object.keys(rules) as K[]) {
    const pattern = new RegExp(`\\b${other}\\b`, 'g');
    if (pattern.test(text)) {
      named = true;
      text = text.replace(pattern, rules[other].name);
    }
  }
  return named ? text.replace(/-(\d)/g, `${minusSign}$1`) : rangeMessage(rules[key]);
}

/**
 * A refusal's `fields` (keyed by the body's field names, in the server's words) as each field's own message
 * in words; fields that are not number fields get their entry in `others`, or a general sentence.
 */
export function fieldProblemsOf<K extends string>(
  fields: Record<string, string> | undefined,
  rules: Record<K, NumberFieldRule>,
  others: Record<string, string> = {},
): { problems: Partial<Record<K, string>>; other: string[] } {
  const problems: Partial<Record<K, string>> = {};
  const other: string[] = [];
  for (const [key, message] of Object.entries(fields ?? {})) {
    if (key in rules) problems[key as K] = humaniseFieldMessage(key as K, String(message), rules);
    else other.push(others[key] ?? 'One of the values could not be used. Check them and try again.');
  }
  return { problems, other: [...new Set(other)] };
}
