import type { MarketDataLoad } from '../../shared/load-market-data.ts';

/** What a page's loader hands its component for one reading (the same states as the market pages). */
export type StudyLoad<T> = MarketDataLoad<T>;

/** The four indicator fields as the visitor edits them (text, so an empty field stays empty). */
export type IndicatorTexts = { nifty: string; rsi: string; vix: string; oiChange: string };

/** A field's value as a number; undefined when it is empty or not a number. */
export function numberOf(text: string): number | undefined {
  if (text.trim() === '') return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

/** Formats a value for an input field (no grouping, up to 2 decimals). */
export const fieldText = (value: number | undefined) =>
  value === undefined ? '' : String(Math.round(value * 100) / 100);

/** Formats a percent with its sign kept and two decimals. */
export const percentText = (value: number) => `${value.toFixed(2)}%`;

/** tools-and-trading.md: save mode is on when the path contains tradebot-save-9 or the query has save=true. */
export function isSaveMode(pathname: string, search: string): boolean {
  return pathname.includes('tradebot-save-9') || new URLSearchParams(search).get('save') === 'true';
}
