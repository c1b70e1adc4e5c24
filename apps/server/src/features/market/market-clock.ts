import {
  indiaDate,
  indiaTime,
  isMarketOpen,
  isTradingDay,
  MARKET_CLOSE_MINUTE,
  previousTradingDay,
} from '@hurryup/market/market-hours';

/** The session state at an instant, with NSE holidays from the events table. */
export interface MarketMoment {
  now: Date;
  /** India 09:00–15:30 inclusive on a trading day. */
  open: boolean;
  /** The newest trading day whose session has closed: the date the newest stored bar should have. */
  lastClosedSession: string;
}

export function marketMoment(now: Date, holidays: ReadonlySet<string>): MarketMoment {
  const today = indiaDate(now);
  const closedToday = isTradingDay(today, holidays) && indiaTime(now).minuteOfDay > MARKET_CLOSE_MINUTE;
  return {
    now,
    open: isMarketOpen(now, holidays),
    lastClosedSession: closedToday ? today : previousTradingDay(today, holidays),
  };
}
