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
