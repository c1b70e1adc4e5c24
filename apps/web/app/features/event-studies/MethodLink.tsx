/** A link to the section of /trading-methods that explains how a screen's numbers are computed. */
export function MethodLink({ anchor, children }: { anchor: string; children: string }) {
  return (
    <p className="event-method">
      <a href={`/trading-methods#${anchor}`}>{children}</a>
    </p>
  );
}
