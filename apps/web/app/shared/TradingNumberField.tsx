import type { NumberFieldRule } from '@hurryup/contracts/number-field-rules';
import { useState } from 'react';

/*
 * The checks load when a visitor first focuses a field (or submits), not with the page: the trading pages'
 * first load has no room for them (decision 0019), and a visitor who only reads never needs them.
 */
let rulesModule: Promise<typeof import('@hurryup/contracts/number-field-rules')> | undefined;
const loadRules = () => {
  rulesModule ??= import('@hurryup/contracts/number-field-rules');
  return rulesModule;
};

/**
 * A number field of a trading screen: a label, a text input (typed letters stay visible, so the visitor sees
 * what was typed and the message beside it says what is wrong), and the field's problem in words.
 * `type="number"` is not used: a browser empties such a field's value when its text is not a number, so the
 * screen could neither show nor explain what was typed.
 */
export function TradingNumberField({
  id,
  label,
  value,
  problem,
  allowNegative = false,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  /** What is wrong with the value, in words; shown under the field and read with it. */
  problem?: string | undefined;
  /** Phones' decimal keypads have no minus key: such a field gets the full keyboard. */
  allowNegative?: boolean;
  onChange(value: string): void;
}) {
  const problemId = `${id}-problem`;
  return (
    <div className="trading-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={id}
        type="text"
        inputMode={allowNegative ? 'text' : 'decimal'}
        autoComplete="off"
        spellCheck={false}
        value={value}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? problemId : undefined}
        onFocus={() => void loadRules()}
        onChange={(event) => onChange(event.target.value)}
      />
      {problem ? (
        <p className="trading-field__problem" id={problemId}>
          {problem}
        </p>
      ) : null}
    </div>
  );
}

export type FieldProblems<K extends string> = Partial<Record<K, string>>;

/**
 * The number fields of a trading form as the visitor types them, each field's problem in words, and `check`,
 * which gives the numbers to send or, when a field cannot be used, shows why beside it, moves the focus to
 * the first such field and gives undefined: nothing is sent that the visitor did not enter.
 */
export function useNumberFields<K extends string>(
  initial: Record<K, string> | (() => Record<K, string>),
  fieldRules: Record<K, NumberFieldRule>,
  ids: Record<K, string>,
) {
  const [texts, setTexts] = useState(initial);
  const [problems, setProblems] = useState<FieldProblems<K>>({});

  /** The change handler of one field; a field marked wrong is checked again as it is corrected. */
  const set = (key: K) => (value: string) => {
    setTexts((current) => ({ ...current, [key]: value }));
    if (problems[key])
      void loadRules().then(({ numberFieldProblem }) =>
        setProblems((current) =>
          current[key] ? { ...current, [key]: numberFieldProblem(value, fieldRules[key]) } : current,
        ),
      );
  };

  /** Shows what is wrong and focuses the first field named (in the form's order). */
  const show = (found: FieldProblems<K>) => {
    setProblems(found);
    const first = (Object.keys(fieldRules) as K[]).find((key) => found[key]);
    if (first && typeof document !== 'undefined') document.getElementById(ids[first])?.focus();
  };

  async function check(): Promise<Record<K, number> | undefined> {
    const { checkNumberFields } = await loadRules();
    const { values, problems: found } = checkNumberFields(texts, fieldRules);
    show(found);
    return Object.keys(found).length > 0 ? undefined : values;
  }

  /**
   * A refusal's `fields` shown beside each field in its own words; gives the messages of fields that are not
   * number fields (an event, say), to show under the form.
   */
  async function showRefusal(
    fields: Record<string, string> | undefined,
    others?: Record<string, string>,
  ): Promise<string[]> {
    const { fieldProblemsOf } = await import('@hurryup/contracts/number-field-refusals');
    const { problems: found, other } = fieldProblemsOf(fields, fieldRules, others);
    show(found);
    return other;
  }

  return { texts, setTexts, problems, set, check, show, showRefusal };
}
