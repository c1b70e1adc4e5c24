import { useEffect, useRef, useState } from 'react';
import { fetchShareFile, sharePage } from './share.ts';

export function ShareButton({
  label,
  title,
  url,
  imageUrl,
  icon = false,
}: {
  label: string;
  title: string;
  url: string;
  imageUrl?: string;
  /** Shows a share icon, with `label` as its accessible name. */
  icon?: boolean;
}) {
  const [note, setNote] = useState('');
  const file = useRef<File | undefined>(undefined);

  // Fetched ahead of the tap (see sharePage); only on devices that can share files at all.
  useEffect(() => {
    file.current = undefined;
    if (!imageUrl || typeof navigator.canShare !== 'function') return;
    const controller = new AbortController();
    void fetchShareFile(imageUrl, controller.signal).then((fetched) => {
      if (!controller.signal.aborted) file.current = fetched;
    });
    return () => controller.abort();
  }, [imageUrl]);

  return (
    <div className="share">
      <button
        type="button"
        className={icon ? 'button button--icon' : 'button'}
        {...(icon ? { 'aria-label': label, title: label } : {})}
        onClick={async () => {
          const outcome = await sharePage({ title, url, file: file.current });
          setNote(
            outcome === 'copied'
              ? 'Link copied to the clipboard.'
              : outcome === 'failed'
                ? 'Sharing is not available here.'
                : '',
          );
        }}
      >
        {icon ? (
          <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="currentColor">
            <path d="M18 16a3 3 0 0 0-2.4 1.2l-6.7-3.4a3 3 0 0 0 0-1.6l6.7-3.4A3 3 0 1 0 15 7l-6.7 3.4a3 3 0 1 0 0 3.2L15 17a3 3 0 1 0 3-1z" />
          </svg>
        ) : (
          label
        )}
      </button>
      <span className="share__note" role="status">
        {note}
      </span>
    </div>
  );
}
