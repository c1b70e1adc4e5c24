import { useEffect, useState } from 'react';

const serverFormat = new Intl.DateTimeFormat('en-IN', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Asia/Kolkata',
});

/**
 * A time in the visitor's own locale and time zone. The server cannot know those, so it renders Indian
 * time first and the browser switches after hydration (no hydration mismatch).
 */
export function LocalTime({ iso }: { iso: string }) {
  const [text, setText] = useState(() => serverFormat.format(new Date(iso)));
  useEffect(() => {
    setText(new Date(iso).toLocaleString());
  }, [iso]);
  return <time dateTime={iso}>{text}</time>;
}
