import { nutritionPagePath, nutritionTexts } from '@hurryup/contracts/nutrition-rules';
import type { PageCacheHandle } from '#load-context';
import { NutritionChecker } from '../features/nutrition/NutritionChecker.tsx';
import { pageMeta, siteFromMatches } from '../shared/page-meta.ts';
import type { Route } from './+types/nutrition';

/** The same for every visitor (the question is asked from the browser): served from the page cache. */
export const handle = { cache: { shows: [] } } satisfies PageCacheHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), {
    title: 'Nutrition Checker for Indian Food',
    description:
      'Energy, protein, fat, carbohydrate and iron of rotis, dal, rice, idli, dosa, paneer and 500 more foods, from the Indian Food Composition Tables 2017.',
    path: nutritionPagePath,
  });

export default function NutritionRoute() {
  return (
    <section className="page page--tool nutrition" aria-labelledby="nutrition-heading">
      <h1 id="nutrition-heading">{nutritionTexts.heading}</h1>
      <p>{nutritionTexts.intro}</p>
      <NutritionChecker />
    </section>
  );
}
