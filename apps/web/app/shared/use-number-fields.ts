import {
  checkNumberFields,
  fieldProblemsOf,
  type NumberFieldRule,
  numberFieldProblem,
} from '@hurryup/contracts/number-field-rules';
import { useState } from 'react';

export type FieldProblems<K extends string> = Partial<Record<K, string>>;

/**
 * The number fields of a trading form as the visitor types them, each field's problem in words, and `check`,
 * which gives the numbers to send or, when a field cannot be used, shows why beside it, moves the focus to
 * the first such field and gives undefined: nothing is sent that the visitor did not enter.
 */
export function useNumberFields<K extends string>(
  initial: Record<K, string> | (() => Record<K, string>),
  rules: Record<K, NumberFieldRule>,
  ids: Record<K, string>,
) {
  const [texts, setTexts] = useState(initial);
  const [problems, setProblems] = useState<FieldProblems<K>>({});

  /** The change handler of one field; a field marked wrong is checked again as it is corrected. */
  const set = (key: K) => (value: string) => {
    setTexts((current) => ({ ...current, [key]: value }));
    setProblems((current) =>
      current[key] ? { ...current, [key]: numberFieldProblem(value, rules[key]) } : current,
    );
  };

  /** Shows what is wrong and focuses the first field named (in the form's order). */
  const show = (found: FieldProblems<K>) => {
    setProblems(found);
    const first = (Object.keys(rules) as K[]).find((key) => found[key]);
    if (first && typeof document !== 'undefined') document.getElementById(ids[first])?.focus();
  };

  function check(): Record<K, number> | undefined {
    const { values, problems: found } = checkNumberFields(texts, rules);
    show(found);
    return Object.keys(found).length > 0 ? undefined : values;
  }

  /**
   * A refusal's `fields` shown beside each field in its own words; gives the messages of fields that are not
   * number fields (an event, say), to show under the form.
   */
  function showRefusal(fields: Record<string, string> | undefined, others?: Record<string, string>) {
    const { problems: found, other } = fieldProblemsOf(fields, rules, others);
    show(found);
    return other;
  }

  return { texts, setTexts, problems, set, check, show, showRefusal };
}
