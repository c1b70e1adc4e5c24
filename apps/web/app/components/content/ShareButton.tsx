import { useState } from 'react';
import { sharePage } from '../../lib/share.ts';

export function ShareButton({
  label,
  title,
  url,
  imageUrl,
}: {
  label: string;
  title: string;
  url: string;
  imageUrl?: string;
}) {
  const [note, setNote] = useState('');
  return (
    <div className="share">
      <button
        type="button"
        className="button"
        onClick={async () => {
          const outcome = await sharePage({ title, url, imageUrl });
          setNote(outcome === 'copied' ? 'Link copied to the clipboard.' : '');
        }}
      >
        {label}
      </button>
      <span className="share__note" role="status">
        {note}
      </span>
    </div>
  );
}
