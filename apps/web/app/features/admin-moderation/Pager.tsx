/** 'Newer' and 'Older' pages of a console list (newest first), shown only when there is somewhere to go. */
export function Pager({
  offset,
  pageSize,
  shown,
  onMove,
  what,
}: {
  offset: number;
  pageSize: number;
  /** Items on this page: a full page may have more after it. */
  shown: number;
  onMove(offset: number): void;
  what: string;
}) {
  const newer = offset > 0;
  const older = shown >= pageSize;
  if (!newer && !older) return null;
  return (
    <nav className="moderation__pager" aria-label={`Pages of ${what}`}>
      {newer ? (
        <button
          type="button"
          className="button button--small button--secondary"
          onClick={() => onMove(Math.max(0, offset - pageSize))}
        >
          Newer
        </button>
      ) : null}
      {older ? (
        <button
          type="button"
          className="button button--small button--secondary"
          onClick={() => onMove(offset + pageSize)}
        >
          Older
        </button>
      ) : null}
    </nav>
  );
}
