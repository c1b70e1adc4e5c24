import { detectPattern, getSignal, getStrategy, runBacktest } from '@hurryup/contracts/option-studies';
import { patternDefaultOiChange } from '@hurryup/contracts/option-study-rules';
import type { OptionStudiesPageData } from '@hurryup/web/features/option-studies/page-data';
import { defineFeature } from '../../shared/feature.ts';
import { registerCall } from '../../shared/register-call.ts';
import { createOptionStudies, type StudyKind } from './option-studies.service.ts';

/**
 * The options assistants (signal, backtest, strategy, pattern): POSTs computed from the market data read
 * model (the market feature's stored bars and events, through the site registry), the studies kept with
 * each revision of that data. No tables and no settings of its own.
 */
export const optionStudiesFeature = defineFeature({
  name: 'option-studies',
  async plugin(app, { site }) {
    // Read when asked, never at registration: the market feature may register after this one.
    const studies = createOptionStudies({ data: { current: () => site.readModel('marketData').current() } });
    registerCall(app, getSignal, ({ body }) => studies.signal(body));
    registerCall(app, runBacktest, ({ body }) => studies.backtest(body.days));
    registerCall(app, getStrategy, ({ body }) =>
      studies.strategy({ ...body, event: body.event as StudyKind }),
    );
    registerCall(app, detectPattern, ({ body }) =>
      studies.pattern({
        ...body,
        event: body.event as StudyKind,
        oiChange: body.oiChange ?? patternDefaultOiChange,
      }),
    );
    // The pages' fields start from the indicators: the market feature's reading of the last close.
    site.providePageData('optionStudies', {
      indicators: () => site.pageData.market.indicators(),
    } satisfies OptionStudiesPageData);
  },
});
