import { useRouteLoaderData } from 'react-router';
import type { SiteSettings } from '../load-context.ts';
import { fallbackSite } from './page-meta.ts';

/** The site settings the root loader provides, for any component below it. */
export function useSite(): SiteSettings {
  const data = useRouteLoaderData('root') as { site: SiteSettings } | undefined;
  return data?.site ?? fallbackSite;
}
