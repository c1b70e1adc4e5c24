/**
 * A Markdown body field of the console's editor. (The preview rendered by the site's own renderer and image
 * upload by drag and drop or picker join it with the Markdown work.)
 */
export function MarkdownField({
  id,
  label,
  value,
  problem,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  /** What is wrong with the value, in words. */
  problem?: string | undefined;
  onChange(value: string): void;
}) {
  const problemId = `${id}-problem`;
  return (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        name={id}
        rows={16}
        value={value}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? problemId : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {problem ? (
        <p className="admin-field__problem" id={problemId}>
          {problem}
        </p>
      ) : null}
    </div>
  );
}
