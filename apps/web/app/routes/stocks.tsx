import { type StockNews, stockNewsDefaultLimit } from '@hurryup/contracts/market-news';
import { data } from 'react-router';
import { pageData } from '#load-context';
import { StockNewsList, stockNewsFailed } from '../features/market-news/StockNewsList.tsx';
import { pageMeta, siteFromMatches } from '../shared/page-meta.ts';
import type { Route } from './+types/stocks';

export async function loader({ context }: Route.LoaderArgs) {
  try {
    return { news: await pageData(context, 'marketNews').news(stockNewsDefaultLimit), error: undefined };
  } catch (error) {
    console.error('Error fetching stock news', error);
    const empty: StockNews = { news: [], fetchedAt: null };
    return data({ news: empty, error: stockNewsFailed }, { status: 500 });
  }
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteFromMatches(matches);
  return pageMeta(site, {
    title: 'Stock Market News',
    description: `The latest Indian stock market news on ${site.name}: Sensex, Nifty, IPOs, the rupee and RBI, from India's business press.`,
    path: '/stocks',
  });
};

export default function StocksRoute({ loaderData }: Route.ComponentProps) {
  return <StockNewsList news={loaderData.news} error={loaderData.error} />;
}
