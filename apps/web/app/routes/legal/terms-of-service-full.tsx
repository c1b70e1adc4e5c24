import { Link } from 'react-router';
import type { PageCacheHandle, PageHydrationHandle } from '#load-context';
import { LegalPage } from '../../features/legal/LegalPage.tsx';
import { legalMeta } from '../../features/legal/legal-meta.ts';
import { ServiceList } from '../../features/legal/ServiceList.tsx';
import { useSite } from '../../shared/use-site.ts';

/**
 * The same for every visitor: served from the page cache (PageCacheHandle). A page to read: it hydrates at
 * the visitor's first use (PageHydrationHandle).
 */
export const handle = { cache: { shows: [] }, hydrate: 'on-use' } satisfies PageCacheHandle &
  PageHydrationHandle;

export const meta = legalMeta({
  title: 'Full Terms of Service',
  path: '/terms-of-service/full',
  description: (name) =>
    `The complete ${name} terms of service: acceptable use, your content, intellectual property, ads and offers, liability and Indian law.`,
});

export default function TermsOfServiceFull() {
  const { name } = useSite();
  return (
    <LegalPage title="Full Terms of Service">
      <p>
        These are the full terms for using {name}. A shorter version is on the{' '}
        <Link to="/terms-of-service">Terms of Service summary page</Link>. If the two ever differ, these full
        terms apply. In these terms, &ldquo;we&rdquo; and &ldquo;us&rdquo; mean the operator of {name}, and
        &ldquo;you&rdquo; means anyone who visits or uses the site.
      </p>

      <h2>Acceptance of these terms</h2>
      <p>
        By visiting or using {name} you agree to these terms, to our{' '}
        <Link to="/privacy-policy/full">Full Privacy Policy</Link> and to our{' '}
        <Link to="/disclaimer">Disclaimer</Link>. If you do not agree, please do not use the site.
      </p>

      <h2>The services</h2>
      <p>{name} is a free, ad-supported website. It has no accounts and no sign-in. Its services include:</p>
      <ServiceList commentsNote />
      <p>
        We also offer a blog, a video gallery with web stories, other free tools, shopping offers, trending
        products, referral programmes and NIFTY options helpers. We may add, change, pause or stop any
        service, or any part of one, at any time and without notice. Because the services are free, we do not
        promise that any of them will always be available.
      </p>

      <h2>Acceptable use</h2>
      <p>When you use {name}, you agree not to:</p>
      <ul>
        <li>
          post or send anything unlawful, abusive, threatening, hateful, obscene, defamatory or misleading, or
          anything that invades someone else&apos;s privacy, in comments, the forum, the contact form or any
          tool;
        </li>
        <li>post spam, advertising, chain messages or repeated comments;</li>
        <li>post content that infringes anyone&apos;s copyright, trademark or other rights;</li>
        <li>upload or link to viruses, malware or any other harmful code;</li>
        <li>
          use Portable URL or any other tool to hide or spread phishing pages, malware, scams or other harmful
          or illegal links;
        </li>
        <li>
          scrape, crawl or send automated requests in a way that overloads the site, harms the service or gets
          around its limits;
        </li>
        <li>try to break into, disrupt or test the security of the site or its server;</li>
        <li>pretend to be someone else, or to be connected with us when you are not.</li>
      </ul>
      <p>
        We may remove content, disable short links and block access, without notice, where we believe these
        terms or the law have been broken. Where the law requires it, we may report unlawful activity to the
        authorities.
      </p>

      <h2>Your content</h2>
      <p>
        You keep ownership of the comments, messages and other content you submit. By posting a comment or
        other public content, you give us a free, non-exclusive, worldwide licence to store, display,
        reproduce and adapt it (for example, to fit it to a screen) as part of running {name}. This licence
        ends when the content is removed from the site, except for copies we must keep by law.
      </p>
      <p>
        You are responsible for what you post and confirm that you have the right to post it. Comments are
        public. We do not check content before it appears, but we may review, edit for length, hide or delete
        any content at any time. If you see something that breaks these terms, please tell us through the{' '}
        <Link to="/contact">contact page</Link>.
      </p>

      <h2>Intellectual property</h2>
      <p>
        The design, text, images, infographics, code and other material on {name}, other than content posted
        by visitors and third-party material, belong to us or to those who licensed them to us. You may view
        and share links to our pages and use them for your own personal, non-commercial purposes. You may not
        copy, republish or sell our material in bulk, or present it as your own, without our written
        permission. The names and trademarks of other companies that appear on the site belong to them.
      </p>
      <p>
        Results that the tools produce from your own input (such as audio files, translations and extracted
        text) are yours to use, subject to any rights other people have in the input you provided.
      </p>

      <h2>Third-party links, ads and offers</h2>
      <p>
        {name} links to other websites and shows third-party advertising, shopping deals, coupons, trending
        products and referral programmes. We do not control those websites, their products, prices, stock or
        terms, and a link or ad is not an endorsement. Any purchase or sign-up you make is between you and
        that third party, under their terms. Offers can change or end without notice, so check the details on
        the seller&apos;s site. Some links earn us a commission; our{' '}
        <Link to="/affiliate-disclosure">Affiliate Disclosure</Link> explains how.
      </p>

      <h2>No investment advice</h2>
      <p>
        The NIFTY options helpers, market tables, signals, backtests and simulators are computed from
        historical data by fixed rules. They are general information, not advice or recommendations to buy or
        sell anything, and {name} is not a SEBI-registered investment adviser or research analyst. Trading in
        futures and options carries a high risk of loss. Please read our full{' '}
        <Link to="/disclaimer">Disclaimer</Link> before relying on any figure shown here.
      </p>

      <h2>Disclaimer of warranties</h2>
      <p>
        {name} and everything on it are provided &ldquo;as is&rdquo; and &ldquo;as available&rdquo;. To the
        extent the law allows, we make no promises of any kind, express or implied, that the site or its
        content will be accurate, complete, current, uninterrupted, error-free, secure or fit for a particular
        purpose. Tool output, such as translations, extracted text, audio and nutrition values, is automated;
        check it before you rely on it.
      </p>

      <h2>Limitation of liability</h2>
      <p>
        To the extent the law allows, we are not liable for any indirect, incidental, special or consequential
        loss, or for any loss of money, profits, data or opportunity, that comes from using or being unable to
        use {name}, from relying on its content or tools, from trading decisions, or from any third-party
        website, ad or offer. Because the services are free, we do not accept liability for any amount beyond
        what the law requires. Nothing in these terms limits any liability that cannot be limited under Indian
        law.
      </p>

      <h2>Children</h2>
      <p>
        {name} is not directed to children under 13. Children under 13 must not use the interactive features
        of the site, such as comments and the contact form, and must not submit any personal data to us. If we
        learn that a child under 13 has done so, we will delete that data. Visitors under 18 should use these
        features only with a parent&apos;s or guardian&apos;s permission.
      </p>

      <h2>Changes to these terms</h2>
      <p>
        We may update these terms from time to time. The date at the top of this page shows when they last
        changed. Continuing to use the site after a change means you accept the updated terms.
      </p>

      <h2>Governing law and jurisdiction</h2>
      <p>
        These terms, and any dispute arising from them or from your use of {name}, are governed by the laws of
        India. The courts at Delhi, India have exclusive jurisdiction over any such dispute.
      </p>

      <h2>Contact</h2>
      <p>
        Questions about these terms are welcome through our <Link to="/contact">contact page</Link>. You can
        also go back to the <Link to="/terms-of-service">Terms of Service summary</Link>.
      </p>
    </LegalPage>
  );
}
