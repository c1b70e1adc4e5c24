/**
 * What a feed page says while the server has stored nothing from its feed yet: plainly that there is nothing,
 * and what the site's operator can do about it.
 */
export function NothingFetchedYet({ what }: { what: string }) {
  return (
    <div className="feed-empty" role="status">
      <p>
        <strong>No {what} fetched yet.</strong> The server fetches them by itself while it is online; please
        check back in a few minutes.
      </p>
      <p className="feed-empty__operator">
        Site operator: the feeds are fetched at start and every <code>FEEDS_REFRESH_MINUTES</code> minutes
        when the server can reach them; to fetch now, send <code>POST /api/admin/market-feeds/refresh</code>{' '}
        with the admin token (see “Market feeds” in docs/operations.md).
      </p>
    </div>
  );
}
