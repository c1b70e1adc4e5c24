import { Link } from 'react-router';
import type { PageCacheHandle, PageHydrationHandle } from '#load-context';
import { LegalContact } from '../../features/legal/LegalContact.tsx';
import { LegalPage } from '../../features/legal/LegalPage.tsx';
import { legalMeta } from '../../features/legal/legal-meta.ts';
import { useSite } from '../../shared/use-site.ts';

/**
 * The same for every visitor: served from the page cache (PageCacheHandle). A page to read: it hydrates at
 * the visitor's first use (PageHydrationHandle).
 */
export const handle = { cache: { shows: [] }, hydrate: 'on-use' } satisfies PageCacheHandle &
  PageHydrationHandle;

export const meta = legalMeta({
  title: 'Disclaimer',
  path: '/disclaimer',
  description: (name) =>
    `What you can and cannot rely on when you read ${name}: general information, no investment advice, third-party links and tools used at your own risk.`,
});

export default function Disclaimer() {
  const { name } = useSite();
  return (
    <LegalPage title="Disclaimer">
      <p>
        Everything on {name} is published in good faith for general information and education. We work to keep
        it accurate and current, but we make no promise that any article, forum post, tool result or market
        figure is complete, correct or up to date, and we are not liable for any loss that comes from relying
        on it.
      </p>
      <h2>Not investment advice</h2>
      <p>
        The stock tables, NIFTY option helpers, signals, backtests, simulators and alerts on this site are
        computed by fixed, published rules from historical and delayed market data. They are not
        recommendations to buy or sell any security or derivative. {name} is not registered with SEBI as an
        investment adviser or research analyst. Trading in futures and options carries a high risk of loss;
        speak to a SEBI-registered adviser before you trade, and never trade money you cannot afford to lose.
        Past performance, including the results of any backtest shown here, does not predict future returns.
      </p>
      <h2>Tools</h2>
      <p>
        Our free tools (text to audio, image to text, PDF to text, URL shortener, image compressor,
        dictionary, nutrition checker, translator and others) are automated. Check their output before you
        depend on it, especially translations, extracted text and nutrition values. Nutrition figures are for
        general awareness and are not medical or dietary advice.
      </p>
      <h2>User content</h2>
      <p>
        Forum posts and image comments are written by visitors. They are their authors' views, not ours. If
        something posted here is wrong or harmful, please tell us through the{' '}
        <Link to="/contact">contact page</Link> and we will review it.
      </p>
      <h2>Links, offers and advertising</h2>
      <p>
        We link to other websites, shopping offers and referral programmes, and we show third-party
        advertising. We do not control those sites, their prices or their terms, and a link is not an
        endorsement. Some links earn us a commission; the{' '}
        <Link to="/affiliate-disclosure">Affiliate Disclosure</Link> explains how.
      </p>
      <LegalContact about="this disclaimer" />
    </LegalPage>
  );
}
