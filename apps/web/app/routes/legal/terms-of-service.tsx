import { Link } from 'react-router';
import type { PageCacheHandle, PageHydrationHandle } from '#load-context';
import { LegalContact } from '../../features/legal/LegalContact.tsx';
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
  title: 'Terms of Service',
  path: '/terms-of-service',
  description: (name) =>
    `A short summary of the rules for using ${name}: the free services we offer, what you may post, our limits of liability and Indian law.`,
});

export default function TermsOfService() {
  const { name } = useSite();
  return (
    <LegalPage title="Terms of Service">
      <p>
        These terms are the rules for using {name}. By using the site you agree to them. This page is a
        summary; the full terms give the details and are the version that applies.
      </p>
      <p>
        <strong>
          <Link to="/terms-of-service/full">Read the full Terms of Service</Link>
        </strong>
      </p>
      <h2>Our services</h2>
      <p>{name} is free to use, needs no account, and offers:</p>
      <ServiceList />
      <p>
        We also offer other free tools, shopping offers and NIFTY options helpers. We may change, pause or
        stop any service at any time.
      </p>
      <h2>Using the site fairly</h2>
      <ul>
        <li>Do not post unlawful, abusive, hateful or spam content in comments or the forum.</li>
        <li>Do not use Portable URL to hide phishing, malware or other harmful links.</li>
        <li>Do not scrape, overload or attack the site in a way that harms it or other visitors.</li>
      </ul>
      <p>We may remove content and block misuse without notice.</p>
      <h2>No advice and no guarantees</h2>
      <p>
        Content, tool results and market helpers are for general information only. They are not investment,
        legal or medical advice, and the site is provided &ldquo;as is&rdquo;. See our{' '}
        <Link to="/disclaimer">Disclaimer</Link> for more.
      </p>
      <h2>Children</h2>
      <p>Children under 13 must not post comments, send messages or otherwise give us personal data.</p>
      <h2>Governing law</h2>
      <p>
        These terms are governed by the laws of India, and the courts at Delhi have exclusive jurisdiction
        over any dispute about them.
      </p>
      <LegalContact about="these terms" />
    </LegalPage>
  );
}
