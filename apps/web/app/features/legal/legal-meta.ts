import type { MetaDescriptor } from 'react-router';
import { type MatchLike, pageMeta, siteFromMatches } from '../../shared/page-meta.ts';

/** The `meta` export of a legal page: its title, a description naming the site, its canonical path. */
export function legalMeta(page: { title: string; path: string; description: (siteName: string) => string }) {
  return ({ matches }: { matches: ReadonlyArray<MatchLike | undefined> }): MetaDescriptor[] => {
    const site = siteFromMatches(matches);
    return pageMeta(site, { title: page.title, description: page.description(site.name), path: page.path });
  };
}
