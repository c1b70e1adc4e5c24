import { useState } from 'react';

/**
 * A button for an action that cannot be undone (delete): the first press asks, in words, to confirm; the
 * second does it. Cancel leaves everything as it was.
 */
export function ConfirmAction({
  label,
  question,
  confirmLabel,
  busy,
  onConfirm,
}: {
  /** The button, e.g. 'Delete'; its accessible name says what it acts on. */
  label: { text: string; name: string };
  question: string;
  confirmLabel: string;
  busy: boolean;
  onConfirm(): void;
}) {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <button
        type="button"
        className="button button--small moderation__danger"
        aria-label={label.name}
        onClick={() => setAsking(true)}
      >
        {label.text}
      </button>
    );
  }
  return (
    <span className="moderation__confirm">
      <span>{question}</span>
      <button
        type="button"
        className="button button--small moderation__danger"
        aria-disabled={busy}
        onClick={() => {
          if (!busy) onConfirm();
        }}
      >
        {confirmLabel}
      </button>
      <button
        type="button"
        className="button button--small button--secondary"
        onClick={() => setAsking(false)}
      >
        Cancel
      </button>
    </span>
  );
}
