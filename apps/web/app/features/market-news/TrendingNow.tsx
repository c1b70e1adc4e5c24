import type { TrendText } from '@hurryup/contracts/market-news';
import { trendRowsOptions } from '@hurryup/contracts/trend-rows';
import { Form, useNavigate } from 'react-router';
import { TradingDisclaimer } from '../../shared/TradingDisclaimer.tsx';
import { formatFetchedAt } from './fetched-at.ts';
import { NothingFetchedYet } from './NothingFetchedYet.tsx';
import { SpeechToggle } from './SpeechToggle.tsx';

export const trendsFailed = 'Failed to fetch trends.';

/**
 * Trending Now (Last 24 Hours): the rows-per-page choice (20, 30, 50) is how many trending searches the
 * text holds (decisions.md section 1). The choice is in the address (?rows=30), so it works without
 * JavaScript through the form's button, and with JavaScript as soon as it changes.
 */
export function TrendingNow({ trends, error }: { trends: TrendText; error: string | undefined }) {
  const navigate = useNavigate();
  return (
    <section className="page market-feed" aria-labelledby="trends-heading">
      <h1 id="trends-heading">Trending Now (Last 24 Hours)</h1>
      <p className="page__lede">
        What people in India are searching for
        {trends.fetchedAt ? <> · updated {formatFetchedAt(trends.fetchedAt)}</> : null}
      </p>
      <TradingDisclaimer />
      <Form method="get" className="trends-controls">
        <label htmlFor="trend-rows">Rows per page</label>
        <select
          id="trend-rows"
          name="rows"
          value={trends.rows}
          onChange={(event) => navigate(`?rows=${event.currentTarget.value}`)}
        >
          {trendRowsOptions.map((rows) => (
            <option key={rows} value={rows}>
              {rows}
            </option>
          ))}
        </select>
        <noscript>
          <button type="submit" className="button button--small">
            Show
          </button>
        </noscript>
      </Form>
      {error ? (
        <p className="status status--error" role="alert">
          {error}
        </p>
      ) : trends.count === 0 ? (
        <NothingFetchedYet what="trends have been" />
      ) : null}
      <label htmlFor="trend-text" className="visually-hidden">
        Trending searches
      </label>
      <textarea id="trend-text" className="trends-text" rows={12} readOnly value={trends.text} />
      <SpeechToggle key={trends.text} text={trends.text} label="trending searches" />
    </section>
  );
}
