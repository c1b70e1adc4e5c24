import { pageData } from '#load-context';
import { loadMarket } from '../features/market/market-load.ts';
import { OptionsSimple } from '../features/market/OptionsSimple.tsx';
import { pageMeta, siteFromMatches } from '../shared/page-meta.ts';
import type { Route } from './+types/volat';

export async function loader({ context }: Route.LoaderArgs) {
  return { suggestion: await loadMarket(() => pageData(context, 'market').optionSuggestion()) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), {
    title: 'Options Assistant',
    description: 'NIFTY, RSI(14), India VIX and a rule-based NIFTY options idea. Education, not advice.',
    path: '/volat',
  });

export default function VolatRoute({ loaderData }: Route.ComponentProps) {
  return <OptionsSimple load={loaderData.suggestion} />;
}
