import { type PageCacheHandle, pageData } from '#load-context';
import { ContactPage } from '../features/contact/ContactPage.tsx';
import { pageMeta, siteFromMatches } from '../shared/page-meta.ts';
import type { Route } from './+types/contact';

/** The same for every visitor (the form is sent from the browser): served from the page cache. */
export const handle = { cache: { shows: [] } } satisfies PageCacheHandle;

export function loader({ context }: Route.LoaderArgs) {
  return { email: pageData(context, 'contact').publicEmail() };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), {
    title: 'Contact Us',
    description:
      'Questions, corrections or ideas for the site? Send us a message with your email address and we will write back.',
    path: '/contact',
  });

export default function ContactRoute({ loaderData }: Route.ComponentProps) {
  return <ContactPage email={loaderData.email} />;
}

/**
 * When the page's data request failed outright (decision 0010): the form, which needs no data and still
 * sends, without the email link it could not read.
 */
export function ErrorBoundary() {
  return <ContactPage email={undefined} />;
}
