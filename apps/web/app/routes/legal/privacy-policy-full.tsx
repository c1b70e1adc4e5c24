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
  title: 'Full Privacy Policy',
  path: '/privacy-policy/full',
  description: (name) =>
    `The complete ${name} privacy policy: data we collect, cookies, ads, sharing, retention, your rights under India's DPDP Act 2023 and children.`,
});

export default function PrivacyPolicyFull() {
  const { name } = useSite();
  return (
    <LegalPage title="Full Privacy Policy">
      <p>
        This policy explains what personal data {name} handles when you visit the website, why we handle it,
        who else may receive it, how long we keep it and what you can do about it. A summary is on the{' '}
        <Link to="/privacy-policy">Privacy Policy summary page</Link>. If the two ever differ, this full
        policy applies.
      </p>
      <p>
        {name} is a free, ad-supported website for visitors in India. It has no user accounts and no sign-in,
        so we do not hold a profile of you. Everything below is about the small amount of data that using the
        site involves.
      </p>

      <h2>Information we collect</h2>
      <h3>Messages you send through the contact form</h3>
      <p>
        When you use the <Link to="/contact">contact form</Link> we receive the e-mail address you enter and
        your message. We store the message on our own server and send it to the site operator by e-mail so
        that it can be read and answered. Please do not include sensitive information, such as bank or card
        details, in a message.
      </p>
      <h3>Comments</h3>
      <p>
        You can comment on images in our gallery without signing in. We store the comment text, the image it
        belongs to and the time it was posted on our own server. Comments are shown publicly to every visitor,
        so do not write anything in a comment that you would not want others to read.
      </p>
      <h3>What you give to our tools</h3>
      <p>
        The text to audio, English to Hindi translation, image to text and PDF to text tools send the text,
        image or PDF you choose to our server, which processes it to produce your answer (an audio file,
        translated text or extracted text). Images and PDFs are deleted as soon as the answer is sent. The
        audio made from a text, and a translation, are kept without anything that identifies you, so that the
        same text is answered again without being processed again: audio until its space is needed for newer
        audio, translations while the site uses them. Please do not give these tools text you want kept
        private. Where a tool needs an outside service to do its job (a translation service), only the text to
        translate is passed to it. The image compressor works inside your browser and does not upload your
        image. The dictionary and the nutrition checker store nothing of what you look up beyond the server
        logs described below.
      </p>
      <p>
        When you create a short link with Portable URL, we store the long address and any alias you choose,
        because the short link cannot work without them, and we count how often it is opened (a number, not
        who opened it). Short links can be opened by anyone who has them.
      </p>
      <h3>Server logs</h3>
      <p>
        Like almost every website, our server records technical details of each request: your IP address,
        browser and device type (the user agent), the page requested, the time and whether it succeeded. We
        use these logs only to keep the site secure, to stop abuse such as spam and attacks, and to fix
        faults. They are kept for a limited time and then deleted.
      </p>
      <h3>Cookies and local storage</h3>
      <p>
        {name} does not need cookies to work, because there is nothing to sign in to. We do keep two small
        things in your browser&apos;s local storage, on your own device:
      </p>
      <ul>
        <li>
          a random device id (stored under the name <code>device_id</code>) that the audio tools send with
          each request; it is not linked to your name, e-mail or any other detail about you;
        </li>
        <li>the emojis you used recently and the skin tone you picked in the emoji picker.</li>
      </ul>
      <p>
        You can remove both at any time by clearing this site&apos;s data in your browser settings. The tools
        will simply create a new device id when you next use them.
      </p>
      <h3>Advertising and analytics by Google</h3>
      <p>
        When the site operator has enabled them, pages on {name} show ads served by Google AdSense and load
        Google Analytics to count visits and see which pages are useful. Google and its partners may then set
        and read cookies, or use similar identifiers, in your browser to serve ads (including ads based on
        your earlier visits to this and other websites), to limit how often you see an ad, to measure results
        and to produce visit statistics for us. We only see these statistics in summary form; they do not tell
        us who you are. Google explains its practices in{' '}
        <a href="https://policies.google.com/technologies/partner-sites" rel="noopener noreferrer">
          how Google uses information from sites that use its services
        </a>
        .
      </p>
      <p>You can control this in several ways:</p>
      <ul>
        <li>
          turn off personalised ads from Google in{' '}
          <a href="https://adssettings.google.com/" rel="noopener noreferrer">
            Google Ads Settings
          </a>
          ;
        </li>
        <li>
          stop Google Analytics from counting your visits with the{' '}
          <a href="https://tools.google.com/dlpage/gaoptout" rel="noopener noreferrer">
            Google Analytics opt-out browser add-on
          </a>
          ;
        </li>
        <li>block or delete cookies, including third-party cookies, in your browser settings.</li>
      </ul>
      <p>Blocking cookies does not stop you from using any part of {name}.</p>

      <h2>How we use information</h2>
      <p>We use the information described above only to:</p>
      <ul>
        <li>read and reply to your messages;</li>
        <li>show and moderate comments;</li>
        <li>run the tools you ask to use and keep short links working;</li>
        <li>keep the site secure, prevent spam and abuse, and fix problems;</li>
        <li>understand, in summary, which pages are used so we can improve them;</li>
        <li>show ads that pay for the site;</li>
        <li>meet our legal obligations.</li>
      </ul>

      <h2>Sharing</h2>
      <p>
        We do not sell, rent or trade your personal data. We share it only with the providers that help us run
        the site (such as our hosting and e-mail providers, and any outside service a tool needs), with Google
        for advertising and analytics as described above, and with authorities where Indian law requires us
        to. Some of these providers may process data outside India. Links to shopping sites, offers and
        referral programmes take you to other websites; what they collect is covered by their own privacy
        policies, not this one.
      </p>

      <h2>How long we keep information</h2>
      <ul>
        <li>Contact messages: as long as needed to deal with your message, then deleted.</li>
        <li>Comments: while they are shown on the site, or until you ask us to remove them.</li>
        <li>Images and PDFs given to the tools: deleted once your answer is sent.</li>
        <li>
          Audio made by text to audio, and translations: kept without anything that identifies you; audio is
          removed when its space is needed for newer audio.
        </li>
        <li>Short links: while the short link is in use, or until you ask us to remove it.</li>
        <li>Server logs: a limited time, for security, and then deleted.</li>
        <li>Local storage: on your device until you clear it.</li>
      </ul>

      <h2>Security</h2>
      <p>
        Contact messages and comments are stored on our own server. Only the site operator can read contact
        messages or manage comments, through an administration interface protected by a secret key. We take
        reasonable care to protect the data we hold, but no website can promise complete security. If we
        become aware of a personal data breach that affects you, we will act on it and give the notices that
        Indian law requires.
      </p>

      <h2>Your rights</h2>
      <p>
        India&apos;s Digital Personal Data Protection Act, 2023 gives you rights over your personal data. You
        may ask us:
      </p>
      <ul>
        <li>for a summary of the personal data we hold about you and how we use it (access);</li>
        <li>to correct, complete or update personal data that is wrong or out of date (correction);</li>
        <li>to erase personal data that we no longer need to keep (erasure);</li>
        <li>to withdraw your consent, for example by asking us to delete a message or comment;</li>
        <li>to hear and resolve a complaint about how we handled your data (grievance redressal).</li>
      </ul>
      <p>
        To use any of these rights, or to raise a grievance, write to us through the{' '}
        <Link to="/contact">contact page</Link>. Because you have no account, please tell us enough to find
        the data, for example the e-mail address you used or the text and image of a comment. We will reply
        within a reasonable time. If you are not satisfied with our answer, you may complain to the Data
        Protection Board of India.
      </p>

      <h2>Children</h2>
      <p>
        {name} is not directed to children under 13, and we do not knowingly collect personal data from
        children under 13. Children under 13 should not send us messages or post comments. If you believe a
        child under 13 has given us personal data, please tell us through the contact page and we will delete
        it. Visitors under 18 should have a parent or guardian&apos;s permission before sending us any
        personal data.
      </p>

      <h2>Changes to this policy</h2>
      <p>
        We may update this policy when the site or the law changes. The date at the top of this page shows
        when it last changed. Please check it from time to time; continuing to use the site after a change
        means the updated policy applies.
      </p>

      <h2>Governing law</h2>
      <p>
        This policy is governed by the laws of India. Any dispute about it is subject to the jurisdiction of
        the courts at Delhi, India.
      </p>

      <h2>Contact</h2>
      <p>
        Questions, requests and grievances about privacy are welcome through our{' '}
        <Link to="/contact">contact page</Link>. You can also go back to the{' '}
        <Link to="/privacy-policy">Privacy Policy summary</Link>.
      </p>
    </LegalPage>
  );
}
