import { MarkdownField } from '../../shared/admin/MarkdownField.tsx';
import type { FormField, FormValues } from './content-form.ts';

/** One field of a content form: its label, its control as its editor says, its hint and its problem. */
export function FieldControl({
  field,
  values,
  problem,
  onChange,
}: {
  field: FormField;
  values: FormValues;
  problem: string | undefined;
  onChange(name: string, value: string | boolean): void;
}) {
  const id = `field-${field.name}`;
  const value = values[field.name];
  const text = typeof value === 'string' ? value : '';
  if (field.editor === 'markdown') {
    return (
      <MarkdownField
        id={id}
        label={field.label}
        value={text}
        problem={problem}
        onChange={(next) => onChange(field.name, next)}
      />
    );
  }
  const helpId = field.help ? `${id}-help` : undefined;
  const problemId = problem ? `${id}-problem` : undefined;
  const described = [helpId, problemId].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name: field.name,
    'aria-invalid': problem ? true : undefined,
    'aria-describedby': described,
  };
  const help = field.help ? (
    <p className="admin-field__help" id={helpId}>
      {field.help}
    </p>
  ) : null;
  const problemText = problem ? (
    <p className="admin-field__problem" id={problemId}>
      {problem}
    </p>
  ) : null;
  if (field.editor === 'checkbox') {
    return (
      <div className="admin-field">
        <label className="admin-field__check" htmlFor={id}>
          <input
            {...common}
            type="checkbox"
            checked={value === true}
            onChange={(e) => onChange(field.name, e.target.checked)}
          />
          {field.label}
        </label>
        {help}
        {problemText}
      </div>
    );
  }
  const label = (
    <label htmlFor={id}>
      {field.label}
      {field.required ? null : <span className="admin-field__help"> (optional)</span>}
    </label>
  );
  let control: React.ReactNode;
  if (field.editor === 'select') {
    control = (
      <select {...common} value={text} onChange={(e) => onChange(field.name, e.target.value)}>
        {field.required && text !== '' ? null : <option value="">—</option>}
        {(field.options ?? [])
          .filter((option) => option !== '')
          .map((option) => (
            <option key={option} value={option}>
              {field.optionLabels?.[option] ?? option}
            </option>
          ))}
      </select>
    );
  } else if (field.editor === 'textarea' || field.editor === 'lines' || field.editor === 'json') {
    const rows = field.editor === 'json' ? 8 : field.editor === 'lines' ? 4 : 5;
    control = (
      <textarea
        {...common}
        rows={rows}
        className={field.editor === 'json' ? 'admin-field__code' : undefined}
        spellCheck={field.editor === 'json' ? false : undefined}
        value={text}
        onChange={(e) => onChange(field.name, e.target.value)}
      />
    );
  } else {
    control = (
      <input
        {...common}
        type="text"
        inputMode={field.editor === 'number' ? 'decimal' : undefined}
        value={text}
        onChange={(e) => onChange(field.name, e.target.value)}
      />
    );
  }
  return (
    <div className="admin-field">
      {label}
      {help}
      {control}
      {problemText}
    </div>
  );
}
