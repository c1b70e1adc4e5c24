import { type ReactNode, useEffect, useRef, useState } from 'react';
import { fetchShareFile, sharePage } from './share.ts';

export function ShareButton({
  label,
  title,
  url,
  imageUrl,
  icon,
}: {
  label: string;
  title: string;
  url: string;
  imageUrl?: string;
  /** Shown instead of the label (ShareIcon), which stays the button's accessible name. */
  icon?: ReactNode;
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
        {icon ?? label}
      </button>
      <span className="share__note" role="status">
        {note}
      </span>
    </div>
  );
}
