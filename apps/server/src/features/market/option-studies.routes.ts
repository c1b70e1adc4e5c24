import { detectPattern, getSignal, getStrategy, runBacktest } from '@hurryup/contracts/option-studies';
import { patternDefaultOiChange } from '@hurryup/contracts/option-study-rules';
import type { OptionStudiesPageData } from '@hurryup/web/features/option-studies/page-data';
import type { FastifyInstance } from 'fastify';
import { tablesOf } from '../../db/tables-of.ts';
import type { FeatureContext } from '../../shared/feature.ts';
import { registerCall } from '../../shared/register-call.ts';
import type { MarketTables } from './market.tables.ts';
import { createOptionStudiesRepository } from './option-studies.repository.ts';
import { createOptionStudies, type StudyKind } from './option-studies.service.ts';

/**
 * The options assistants' calls (signal, backtest, strategy, pattern): POSTs computed from the stored bars
 * and events, with the studies kept in memory per revision of the market data.
 */
export function registerOptionStudies(
  app: FastifyInstance,
  {
    database,
    site,
    indicators,
  }: Pick<FeatureContext, 'database' | 'site'> & { indicators: OptionStudiesPageData['indicators'] },
) {
  const studies = createOptionStudies({
    repository: createOptionStudiesRepository(tablesOf<MarketTables>(database.db)),
    revision: async () => {
      await site.contentRevision.current();
      return site.contentRevision.latestOf(['market']);
    },
  });
  registerCall(app, getSignal, ({ body }) => studies.signal(body));
  registerCall(app, runBacktest, ({ body }) => studies.backtest(body.days));
  registerCall(app, getStrategy, ({ body }) => studies.strategy({ ...body, event: body.event as StudyKind }));
  registerCall(app, detectPattern, ({ body }) =>
    studies.pattern({
      ...body,
      event: body.event as StudyKind,
      oiChange: body.oiChange ?? patternDefaultOiChange,
    }),
  );
  // The pages' fields start from the indicators (the market service's reading of the last close).
  site.providePageData('optionStudies', { indicators } satisfies OptionStudiesPageData);
  return studies;
}
