/**
 * What a feed page says while the server has stored nothing from its feed yet: plainly that there is nothing
 * yet. What the operator can do about it is in the server's log and docs/operations.md, not on the page.
 */
export function NothingFetchedYet({ what }: { what: string }) {
  return (
    <div className="feed-empty" role="status">
      <p>
        <strong>No {what} fetched yet.</strong> They are fetched regularly; please check back in a few
        minutes.
      </p>
    </div>
  );
}
