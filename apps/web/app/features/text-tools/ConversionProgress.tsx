/** Shown while a file uploads and is read: an indeterminate bar and what is happening, announced politely. */
export function ConversionProgress({ label }: { label: string }) {
  return (
    <div className="text-tool__progress" role="status">
      <progress aria-label={label} />
      <span>{label}</span>
    </div>
  );
}
