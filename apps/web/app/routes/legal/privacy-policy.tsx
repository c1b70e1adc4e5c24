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
  title: 'Privacy Policy',
  path: '/privacy-policy',
  description: (name) =>
    `A short summary of what ${name} collects, why, how long it is kept and the choices you have about ads, analytics and your data.`,
});

export default function PrivacyPolicy() {
  const { name } = useSite();
  return (
    <LegalPage title="Privacy Policy">
      <p>
        {name} is a free website with no accounts and no sign-in. We collect as little about you as we can.
        This page is a plain summary; the full policy gives the details and is the version that applies.
      </p>
      <p>
        <strong>
          <Link to="/privacy-policy/full">Read the full Privacy Policy</Link>
        </strong>
      </p>
      <h2>What we collect</h2>
      <ul>
        <li>
          <strong>Contact messages:</strong> the e-mail address and message you type into the contact form. We
          store them on our own server and send them to the site operator by e-mail so we can reply.
        </li>
        <li>
          <strong>Comments:</strong> the text of any comment you post on an image. Comments are anonymous and
          public, so please do not put personal details in them.
        </li>
        <li>
          <strong>Tool inputs:</strong> text, images and PDFs you give to the text to audio, translation,
          image to text and PDF to text tools are processed by our server to give you the answer. Images and
          PDFs are deleted once you have the answer; audio made from a text and translations are kept, with
          nothing that identifies you, so the same text is not processed twice. Please do not give these tools
          text you want kept private. A short link keeps its address and counts how often it is opened.
        </li>
        <li>
          <strong>Server logs:</strong> your IP address, browser type and the pages you request, kept for a
          limited time to keep the site secure and working.
        </li>
        <li>
          <strong>Your browser:</strong> a random device id for the audio tools and your recent emojis are
          kept in your browser&apos;s local storage, not on our server.
        </li>
      </ul>
      <h2>Ads and analytics</h2>
      <p>
        When they are switched on, Google AdSense shows ads and Google Analytics counts visits. Both may use
        cookies. You can turn off personalised ads in Google&apos;s Ads Settings and block cookies in your
        browser at any time.
      </p>
      <h2>What we do not do</h2>
      <p>
        We do not sell your personal data, we do not ask you to create an account, and {name} is not directed
        to children under 13. We do not knowingly collect personal data from children under 13.
      </p>
      <h2>Your rights</h2>
      <p>
        Under India&apos;s Digital Personal Data Protection Act, 2023 you can ask to see, correct or erase
        personal data we hold about you, and raise a grievance. Write to us through the{' '}
        <Link to="/contact">contact page</Link> and we will respond.
      </p>
    </LegalPage>
  );
}
