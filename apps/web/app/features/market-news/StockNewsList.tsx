import type { StockNews } from '@hurryup/contracts/market-news';
import { AdSlot } from '../../shared/ads/AdSlot.tsx';
import { TradingDisclaimer } from '../../shared/TradingDisclaimer.tsx';
import { formatFetchedAt } from './fetched-at.ts';
import { NothingFetchedYet } from './NothingFetchedYet.tsx';

export const stockNewsFailed = 'Failed to fetch stock news';

/** The stock news page: one card per article (image, title, summary, 'Read full article'), newest first. */
export function StockNewsList({ news, error }: { news: StockNews; error: string | undefined }) {
  return (
    <section className="page market-feed" aria-labelledby="stock-news-heading">
      <h1 id="stock-news-heading">Stock Market News</h1>
      <p className="page__lede">
        The latest from India’s business press
        {news.fetchedAt ? <> · updated {formatFetchedAt(news.fetchedAt)}</> : null}
      </p>
      <TradingDisclaimer />
      <AdSlot placement="banner" />
      {error ? (
        <p className="status status--error" role="alert">
          {error}
        </p>
      ) : news.news.length === 0 ? (
        <NothingFetchedYet what="stock news has been" />
      ) : (
        <ul className="news-cards">
          {news.news.map((item, index) => {
            const titleId = `news-${index}`;
            return (
              <li key={item.url} className="news-card">
                {/* Only https pictures: the page's security policy blocks plain-http images. */}
                {item.image_url?.startsWith('https://') ? (
                  <img
                    className="news-card__image"
                    src={item.image_url}
                    alt=""
                    loading={index < 2 ? 'eager' : 'lazy'}
                    referrerPolicy="no-referrer"
                    width={640}
                    height={360}
                  />
                ) : (
                  <div className="news-card__image news-card__image--none" aria-hidden="true" />
                )}
                <div className="news-card__body">
                  <h2 id={titleId} className="news-card__title">
                    {item.title}
                  </h2>
                  <p className="news-card__meta">
                    {item.source} ·{' '}
                    <time dateTime={item.published_at}>{formatFetchedAt(item.published_at)}</time>
                  </p>
                  {item.summary ? <p className="news-card__summary">{item.summary}</p> : null}
                  <a
                    className="news-card__link"
                    href={item.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-describedby={titleId}
                  >
                    Read full article
                  </a>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
