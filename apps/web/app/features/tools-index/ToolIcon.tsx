import type { ToolIconName } from './tool-list.ts';

/** Outline drawings on a 24×24 grid, drawn with the text colour: a few bytes each, no image requests. */
const drawings: Record<ToolIconName, string> = {
  'image-text': 'M4 5h16v14H4z M4 15l4-4 3 3 3-3 6 6 M8 8h.01',
  pdf: 'M6 3h9l4 4v14H6z M14 3v5h5 M9 13h6 M9 17h6',
  compress: 'M4 9h5V4 M20 15h-5v5 M9 9 3 3 M15 15l6 6',
  link: 'M10 14a4 4 0 0 0 6 0l3-3a4 4 0 0 0-6-6l-1 1 M14 10a4 4 0 0 0-6 0l-3 3a4 4 0 0 0 6 6l1-1',
  speaker: 'M4 9h4l5-4v14l-5-4H4z M16 9a4 4 0 0 1 0 6 M19 6a8 8 0 0 1 0 12',
  translate: 'M3 5h10 M8 3v2 M5 5c1 4 4 7 7 8 M11 5c-1 4-4 7-7 8 M13 21l4-9 4 9 M14.5 18h5',
  book: 'M4 4h7a3 3 0 0 1 3 3v14a2 2 0 0 0-2-2H4z M20 4h-6 M20 4v15h-6',
  captions: 'M3 5h18v14H3z M7 11h4 M13 11h4 M7 15h10',
  apple: 'M12 7c-2-2-7-1-7 5s3 9 5 9c1 0 1-1 2-1s1 1 2 1c2 0 5-3 5-9s-5-7-7-5z M12 7c0-2 1-4 3-4',
  search: 'M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14z M16 16l5 5',
  quiz: 'M5 4h14v16H5z M9 9a3 3 0 1 1 3 3v2 M12 17h.01',
  news: 'M4 5h13v14H4z M17 8h3v9a2 2 0 0 1-2 2 M7 9h7 M7 13h7 M7 16h4',
  table: 'M3 5h18v14H3z M3 10h18 M3 14h18 M9 5v14',
  chart: 'M4 20V4 M4 20h16 M7 16l4-5 3 3 5-7',
  signal: 'M3 12h4l3-7 4 14 3-7h4',
  bell: 'M6 16V11a6 6 0 0 1 12 0v5l2 2H4z M10 21h4',
  calendar: 'M4 6h16v14H4z M4 10h16 M8 3v4 M16 3v4',
  flask: 'M9 3h6 M10 3v6l-5 10a1 1 0 0 0 1 2h12a1 1 0 0 0 1-2l-5-10V3 M7 15h10',
  grid: 'M4 4h7v7H4z M13 4h7v7h-7z M4 13h7v7H4z M13 13h7v7h-7z',
};

export function ToolIcon({ name }: { name: ToolIconName }) {
  return (
    <svg
      className="tool-card__icon"
      viewBox="0 0 24 24"
      width="28"
      height="28"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d={drawings[name]}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
