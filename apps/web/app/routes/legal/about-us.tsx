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
  title: 'About Us',
  path: '/aboutus',
  description: (name) =>
    `${name} is a free website for visitors in India with daily news and tips, a blog, a forum, galleries, free online tools and NIFTY helpers.`,
});

export default function AboutUs() {
  const { name } = useSite();
  return (
    <LegalPage title="About Us">
      <p>
        {name} is a free website that brings useful everyday things together in one place: short reads, handy
        tools and simple market helpers. There is nothing to sign up for and no account to create; open a page
        and use it.
      </p>

      <h2>Who it is for</h2>
      <p>
        We build {name} for visitors in India. The content is written with Indian readers in mind, the forum
        can be read in English or Hindi, the translator turns English into Hindi, and the market helpers
        follow the NIFTY index.
      </p>

      <h2>What we offer</h2>
      <h3>Content</h3>
      <ul>
        <li>
          A <Link to="/">home page with daily news and tips</Link>.
        </li>
        <li>
          A <Link to="/blog">blog</Link> of longer articles.
        </li>
        <li>
          A <Link to="/userforum">user forum</Link> of posts that you can read in English or Hindi, or listen
          to with text to speech.
        </li>
        <li>
          An <Link to="/infopic">image gallery</Link> of pictures and infographics, where visitors can leave
          comments without signing in.
        </li>
        <li>
          A video gallery with <Link to="/webstories">web stories</Link>, and the{' '}
          <Link to="/devbit">DevBit image gallery</Link>.
        </li>
        <li>
          Shopping deals and coupons in <Link to="/offers">Offers</Link>, trending products in{' '}
          <Link to="/moversShakers">Movers &amp; Shakers</Link>, and referral programmes in{' '}
          <Link to="/refer">Refer &amp; Earn</Link>.
        </li>
      </ul>
      <h3>Free tools</h3>
      <ul>
        <li>
          <Link to="/textToAudio">Text to audio</Link>, to listen to or download text as speech.
        </li>
        <li>
          <Link to="/imgToText">Image to text</Link> and <Link to="/pdfToText">PDF to text</Link>, to pull the
          words out of pictures and documents.
        </li>
        <li>
          <Link to="/portUrl">Portable URL</Link>, a link shortener.
        </li>
        <li>
          An <Link to="/compress">image compressor</Link>, a <Link to="/dict">dictionary</Link> and a{' '}
          <Link to="/nutrition">nutrition checker</Link>.
        </li>
        <li>
          A <Link to="/testbank">Java 17 quiz</Link>, <Link to="/SearchPage">post search</Link> and an{' '}
          <Link to="/englishToHindi">English to Hindi translator</Link>.
        </li>
      </ul>
      <p>
        You can find the full list on the <Link to="/homeTools">tools page</Link>.
      </p>
      <h3>Market helpers</h3>
      <p>
        Our NIFTY options helpers, such as the <Link to="/optionEdge">strategy recommender</Link>, the{' '}
        <Link to="/optionEdgeBacktest">strategy backtest</Link> and the{' '}
        <Link to="/straddleSimulator">straddle simulator</Link>, are computed from historical market data by
        fixed, documented rules. They are there to help you learn and explore. They are not investment advice;
        please read our <Link to="/disclaimer">Disclaimer</Link>.
      </p>

      <h2>How {name} is funded</h2>
      <p>
        Everything on {name} is free. We pay for the servers and the work through three sources: ads shown on
        the site, affiliate links to shopping offers and referral programmes (explained in our{' '}
        <Link to="/affiliate-disclosure">Affiliate Disclosure</Link>), and donations from visitors who find
        the site useful. If you would like to support us, you can <Link to="/donate">make a donation</Link>.
      </p>

      <h2>How to reach us</h2>
      <p>
        We would like to hear your ideas, corrections and questions. Write to us through the{' '}
        <Link to="/contact">contact page</Link> and we will reply by e-mail.
      </p>
    </LegalPage>
  );
}
