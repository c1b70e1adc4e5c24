import type { CalendarEvent, ImpactHeatmapRow } from '@hurryup/contracts/event-studies';

/**
 * What the event-study pages read from the server at render: the heatmap of all events and the upcoming
 * calendar. Each reader throws an error whose `code` is MARKET_DATA_NOT_LOADED when there is no market data.
 */
export interface EventStudiesPageData {
  heatmap(): Promise<ImpactHeatmapRow[]>;
  calendar(): Promise<CalendarEvent[]>;
}

declare module '../../load-context.ts' {
  interface PageData {
    'event-studies': EventStudiesPageData;
  }
}
