import { Link } from 'react-router';
import type { PageCacheHandle, PageHydrationHandle } from '#load-context';
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
  title: 'Affiliate Disclosure',
  path: '/affiliate-disclosure',
  description: (name) =>
    `How ${name} earns from affiliate links in the Movers & Shakers, Offers and Refer & Earn tabs, and from ads, at no extra cost to you.`,
});

export default function AffiliateDisclosure() {
  const { name } = useSite();
  return (
    <LegalPage title="Affiliate Disclosure">
      <p>
        {name} is free to use. To pay for running it, some of the links on the site are affiliate links. We
        want you to know when that is the case and what it means for you.
      </p>
      <h2>Where you will find affiliate links</h2>
      <ul>
        <li>
          <Link to="/moversShakers">Movers &amp; Shakers</Link>: trending products from shopping sites. Links
          to these products are usually affiliate links.
        </li>
        <li>
          <Link to="/offers">Offers</Link>: deals and coupons from shopping sites. Some of the links to these
          offers are affiliate links.
        </li>
        <li>
          <Link to="/refer">Refer &amp; Earn</Link>: referral programmes of apps and services. When you sign
          up with one of our referral links or codes, we may receive a referral reward.
        </li>
      </ul>
      <p>
        Affiliate links may also appear occasionally in other parts of the site, such as articles and tips.
      </p>
      <h2>What it means for you</h2>
      <p>
        If you follow one of these links and buy something or sign up, the shop or service may pay us a
        commission or reward. This comes at no extra cost to you: you pay the same price as you would by going
        to the site directly. Being an affiliate does not change the prices, and we do not set or control
        them. Any reward or bonus the programme itself offers you is set by that programme, not by us.
      </p>
      <h2>We do not control third-party offers</h2>
      <p>
        The products, prices, discounts, coupons, stock, delivery, returns and referral terms all belong to
        the third-party sites. Offers can change or end at any time, sometimes before we update the page, so
        please check the final price and the terms on the seller&apos;s site before you buy. Any purchase is a
        contract between you and the seller. A commission does not make a product a recommendation, and we
        choose what to list by what seems useful or popular, not by how much we might earn.
      </p>
      <h2>Advertising</h2>
      <p>
        {name} also shows ads from third parties, such as Google AdSense when it is enabled. We may earn money
        when ads are shown or clicked. We do not choose individual ads and do not endorse the products in
        them. Our <Link to="/privacy-policy">Privacy Policy</Link> explains the cookies that ads may use and
        how to opt out of personalised ads.
      </p>
      <h2>Questions</h2>
      <p>
        If you have a question about a link or an offer, please write to us through the{' '}
        <Link to="/contact">contact page</Link>. For the limits of what you can rely on here, see our{' '}
        <Link to="/disclaimer">Disclaimer</Link>.
      </p>
    </LegalPage>
  );
}
