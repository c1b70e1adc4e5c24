import { offerTexts } from '@hurryup/contracts/offer-rules';
import { Link } from 'react-router';
import { AdSlot } from '../../shared/ads/AdSlot.tsx';

/**
 * The 'Sponsored Ad' and 'More Promotions' blocks (content-and-shell.md "Offers page"). The ad unit draws
 * nothing without an ad configuration (decisions.md section 7), so the block then promotes the site's own
 * deal pages instead of standing empty.
 */
export function DealsAside({ current }: { current: '/offers' | '/moversShakers' | '/refer' }) {
  const pages = [
    { to: '/offers', label: 'Offers', line: 'Coupons and deals from grocery, recharge and shopping sites.' },
    { to: '/moversShakers', label: 'Movers & Shakers', line: 'Products climbing the sales charts today.' },
    { to: '/refer', label: 'Refer & Earn', line: 'Referral bonuses for apps you already use.' },
  ] as const;
  return (
    <div className="deals-aside">
      <section className="deals-aside__block" aria-labelledby="deals-sponsored">
        <h2 id="deals-sponsored">{offerTexts.sponsored}</h2>
        <AdSlot placement="banner" />
        <p className="deals-aside__note">
          Links on these pages are affiliate links: we may earn a commission when you buy, at no cost to you.
          See our <Link to="/affiliate-disclosure">affiliate disclosure</Link>.
        </p>
      </section>
      <section className="deals-aside__block" aria-labelledby="deals-more">
        <h2 id="deals-more">{offerTexts.more}</h2>
        <ul className="deals-aside__links">
          {pages
            .filter((page) => page.to !== current)
            .map((page) => (
              <li key={page.to}>
                <Link to={page.to}>{page.label}</Link>: {page.line}
              </li>
            ))}
          <li>
            <Link to="/donate">Support the site</Link>: keep these pages free.
          </li>
        </ul>
      </section>
    </div>
  );
}
