import type { DailyBar } from './bars.ts';
import type { NiftyContractRules } from './nifty-contracts.ts';

/**
 * The stored market data as the trading features read it: one snapshot per revision of the data (the
 * market feature's read model, shared through the site registry). Types only, and the symbols every study
 * names; the server keeps the snapshot and its derived values until an import, a sync or an event write
 * moves the revision.
 */

export const NIFTY_50 = 'NIFTY 50';
export const INDIA_VIX = 'INDIA VIX';

/** A daily bar with what the derivatives files add. */
export type StoredBar = DailyBar & {
  /** Open interest at the close, where the file carries it. */
  openInterest?: number | undefined;
};

/** An event of the calendar: RBI, US Fed, Budget, election, results, holiday. */
export interface MarketEvent {
  date: string;
  kind: string;
  title: string;
  /** high, medium, closed, muhurat, … as the calendar labels it. */
  impact: string;
  /** False for an unscheduled or off-cycle action (not known before it happened). */
  scheduled: boolean;
}

/** The market data of one revision. */
export interface MarketData {
  readonly revision: number;
  /** Every stored bar of a symbol, oldest first (read once per revision and symbol). */
  bars(symbol: string): Promise<readonly StoredBar[]>;
  /**
   * A symbol's bars for a value derived from them once per revision (`derive`): the kept ones when a reader
   * keeps them, else read for this caller and not kept (the sector indices' bars, which only the event
   * studies' closes need: 6 MB kept for nothing).
   */
  barsOnce(symbol: string): Promise<readonly StoredBar[]>;
  /** Every event of the calendar, by date then kind (read once per revision). */
  events(): Promise<readonly MarketEvent[]>;
  /** NSE holidays (the calendar's `holiday` events, closed or Muhurat). */
  holidays(): Promise<ReadonlySet<string>>;
  /**
   * NIFTY's lot sizes and expiry weekdays as the operator keeps them (each table in date order; read once
   * per revision): pass them to every contract function (nifty-contracts.ts).
   */
  contractRules(): Promise<NiftyContractRules>;
  /** A value computed from this revision's data once, kept with it (dropped when the revision moves). */
  derive<V>(key: string, compute: () => V): V;
  /** The error a reader answers when the data it needs is not stored (503, market data not loaded). */
  notLoaded(what: string): Error;
}

/** What the market feature shares: the current revision's market data. */
export interface MarketDataReadModel {
  current(): Promise<MarketData>;
}
