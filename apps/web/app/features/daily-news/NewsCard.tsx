import type { NewsItem } from '@hurryup/contracts/daily-news';
import { newsCardAction, newsCardSecondLinkDelayMs } from '@hurryup/contracts/daily-news-rules';
import type { MouseEvent } from 'react';

const newTab = 'noopener,noreferrer';

/**
 * One news card (tools-and-trading.md section 2): with an ad link and a target, a click opens the ad link
 * in a new tab and the target in another 2 seconds later; with a target alone it is a plain new-tab link;
 * otherwise plain text. A click on the first kind before the page has hydrated is held and replayed once it
 * has; if the application never runs, it is still a working link to the ad.
 */
export function NewsCard({ item }: { item: Pick<NewsItem, 'text' | 'flink' | 'alink'> }) {
  const action = newsCardAction(item);
  if (action.kind === 'text') return <p className="news-card news-card--text">{item.text}</p>;
  if (action.kind === 'target') {
    return (
      <a className="news-card news-card--link" href={action.flink} target="_blank" rel="noopener noreferrer">
        {item.text}
      </a>
    );
  }
  function openBoth(event: MouseEvent<HTMLAnchorElement>) {
    if (action.kind !== 'ad-then-target') return;
    event.preventDefault();
    window.open(action.alink, '_blank', newTab);
    window.setTimeout(() => window.open(action.flink, '_blank', newTab), newsCardSecondLinkDelayMs);
  }
  return (
    <a
      className="news-card news-card--link"
      href={action.alink}
      target="_blank"
      rel="sponsored noopener noreferrer"
      // Held by the page's start script until the application runs (decision 0018), then replayed here.
      data-hold=""
      onClick={openBoth}
    >
      {item.text}
    </a>
  );
}
