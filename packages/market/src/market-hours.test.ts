import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  indiaDate,
  indiaTime,
  isMarketOpen,
  isTradingDay,
  lastTradingDay,
  nextIndiaMidnight,
  nextMarketMinute,
  previousTradingDay,
  sessionsMissedSince,
} from './market-hours.ts';

/** An instant given as India wall-clock time (IST = UTC+05:30). */
const ist = (local: string) => new Date(`${local}+05:30`);

// NSE holidays used below: 2024-01-26 (Republic Day, a Friday) and 2025-10-21 (Diwali Laxmi Pujan, a Tuesday).
const holidays: ReadonlySet<string> = new Set(['2024-01-26', '2025-10-21']);
const none: ReadonlySet<string> = new Set();

describe('India time', () => {
  it('is UTC + 5:30, in winter and summer alike (no DST)', () => {
    // 2025-01-06 03:30Z = 09:00 IST; 2025-07-07 03:30Z = 09:00 IST.
    expect(indiaTime(new Date('2025-01-06T03:30:00Z'))).toEqual({
      date: '2025-01-06',
      weekday: 1,
      minuteOfDay: 540,
    });
    expect(indiaTime(new Date('2025-07-07T03:30:00Z'))).toEqual({
      date: '2025-07-07',
      weekday: 1,
      minuteOfDay: 540,
    });
  });

  it('changes date at 18:30 UTC', () => {
    expect(indiaDate(new Date('2025-01-05T18:29:59Z'))).toBe('2025-01-05');
    expect(indiaDate(new Date('2025-01-05T18:30:00Z'))).toBe('2025-01-06');
    // Friday evening UTC is already Saturday in India.
    expect(indiaTime(new Date('2025-01-03T19:00:00Z'))).toMatchObject({ date: '2025-01-04', weekday: 6 });
    expect(indiaDate(new Date('2024-12-31T18:30:00Z'))).toBe('2025-01-01');
  });

  it('agrees with Intl for Asia/Kolkata at any instant', () => {
    const format = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Asia/Kolkata',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2100, 0, 1) }), (ms) => {
        const now = new Date(ms);
        const parts = Object.fromEntries(format.formatToParts(now).map((p) => [p.type, p.value]));
        const time = indiaTime(now);
        expect(time.date).toBe(`${parts.year}-${parts.month}-${parts.day}`);
        expect(time.minuteOfDay).toBe(Number(parts.hour) * 60 + Number(parts.minute));
      }),
    );
  });

  it('rejects an invalid Date', () => {
    expect(() => indiaDate(new Date('nope'))).toThrow(RangeError);
    expect(() => isMarketOpen(new Date(Number.NaN), none)).toThrow(RangeError);
  });
});

describe('isMarketOpen', () => {
  // 2025-01-06 is a Monday.
  it.each([
    ['2025-01-06T08:59:59.999', false],
    ['2025-01-06T09:00:00', true],
    ['2025-01-06T09:15:00', true],
    ['2025-01-06T12:00:00', true],
    ['2025-01-06T15:30:00', true],
    ['2025-01-06T15:30:59.999', true],
    ['2025-01-06T15:31:00', false],
    ['2025-01-06T20:00:00', false],
    ['2025-01-06T00:00:00', false],
  ])('%s IST open: %s', (local, open) => {
    expect(isMarketOpen(ist(local), none)).toBe(open);
  });

  it('is closed on Saturday and Sunday', () => {
    expect(isMarketOpen(ist('2025-01-04T11:00:00'), none)).toBe(false);
    expect(isMarketOpen(ist('2025-01-05T11:00:00'), none)).toBe(false);
    expect(isMarketOpen(ist('2025-01-03T11:00:00'), none)).toBe(true); // Friday
  });

  it('is closed on an NSE holiday that falls on a weekday', () => {
    expect(isMarketOpen(ist('2024-01-26T11:00:00'), holidays)).toBe(false);
    expect(isMarketOpen(ist('2024-01-26T11:00:00'), none)).toBe(true);
    expect(isMarketOpen(ist('2025-10-21T10:00:00'), holidays)).toBe(false);
    expect(isMarketOpen(ist('2025-10-22T10:00:00'), holidays)).toBe(true);
  });

  it('judges by the India date, not the UTC date', () => {
    // 2024-01-26 09:30 IST is 2024-01-26 04:00 UTC; 2024-01-25 15:00 IST is 09:30 UTC on the 25th: open.
    expect(isMarketOpen(new Date('2024-01-26T04:00:00Z'), holidays)).toBe(false);
    expect(isMarketOpen(new Date('2024-01-25T09:30:00Z'), holidays)).toBe(true);
  });
});

describe('trading days', () => {
  it('knows weekdays and holidays', () => {
    expect(isTradingDay('2024-01-25', holidays)).toBe(true);
    expect(isTradingDay('2024-01-26', holidays)).toBe(false);
    expect(isTradingDay('2024-01-27', none)).toBe(false);
    expect(() => isTradingDay('2024-02-30', none)).toThrow(RangeError);
  });

  it('finds the previous trading day over weekends, holidays and year ends', () => {
    expect(previousTradingDay('2025-01-06', none)).toBe('2025-01-03'); // Monday → Friday
    expect(previousTradingDay('2024-01-29', holidays)).toBe('2024-01-25'); // over Republic Day
    expect(previousTradingDay('2025-01-01', none)).toBe('2024-12-31');
    expect(previousTradingDay('2024-03-01', none)).toBe('2024-02-29');
    const longBreak = new Set(['2025-01-01', '2025-01-02', '2025-01-03', '2025-01-06']);
    expect(previousTradingDay('2025-01-07', longBreak)).toBe('2024-12-31');
  });

  it('gives the latest session that has started', () => {
    expect(lastTradingDay(ist('2025-01-06T08:59:00'), none)).toBe('2025-01-03'); // Monday before the open
    expect(lastTradingDay(ist('2025-01-06T09:00:00'), none)).toBe('2025-01-06');
    expect(lastTradingDay(ist('2025-01-06T16:00:00'), none)).toBe('2025-01-06'); // after the close
    expect(lastTradingDay(ist('2025-01-04T11:00:00'), none)).toBe('2025-01-03'); // Saturday
    expect(lastTradingDay(ist('2024-01-26T11:00:00'), holidays)).toBe('2024-01-25'); // holiday
    expect(lastTradingDay(ist('2024-01-27T11:00:00'), holidays)).toBe('2024-01-25'); // Saturday after it
  });
});

describe('nextMarketMinute and nextIndiaMidnight (when a market page changes with time alone)', () => {
  const at = (iso: string) => new Date(iso);
  const holidays = new Set(['2025-08-15']);
  it('is the next minute while the market is open', () => {
    expect(nextMarketMinute(at('2025-08-14T10:15:42+05:30'), holidays)).toBe(
      Date.parse('2025-08-14T10:16:00+05:30'),
    );
    expect(nextMarketMinute(at('2025-08-14T15:30:10+05:30'), holidays)).toBe(
      Date.parse('2025-08-14T15:31:00+05:30'),
    );
  });
  it("is the next session's open outside market hours, past weekends and holidays", () => {
    expect(nextMarketMinute(at('2025-08-14T08:10:00+05:30'), holidays)).toBe(
      Date.parse('2025-08-14T09:00:00+05:30'),
    );
    // Thursday after the close: Friday the 15th is a holiday, so Monday the 18th.
    expect(nextMarketMinute(at('2025-08-14T15:31:00+05:30'), holidays)).toBe(
      Date.parse('2025-08-18T09:00:00+05:30'),
    );
    expect(nextMarketMinute(at('2025-08-16T11:00:00+05:30'), holidays)).toBe(
      Date.parse('2025-08-18T09:00:00+05:30'),
    );
  });
  it('gives the next midnight in India', () => {
    expect(nextIndiaMidnight(at('2025-08-14T23:59:00+05:30'))).toBe(Date.parse('2025-08-15T00:00:00+05:30'));
    expect(nextIndiaMidnight(at('2025-08-14T20:00:00Z'))).toBe(Date.parse('2025-08-16T00:00:00+05:30'));
  });
});

describe('sessionsMissedSince', () => {
  const holidays = new Set(['2026-12-25']);
  it('counts the trading sessions between the last bar and today', () => {
    // Friday's bar seen on Monday: nothing missed (Monday's comes after its close).
    expect(sessionsMissedSince('2026-11-20', '2026-11-23', holidays)).toBe(0);
    // Last bar on Wednesday 18th, today Friday 27th: 19, 20, 23, 24, 25, 26 missed.
    expect(sessionsMissedSince('2026-11-18', '2026-11-27', holidays)).toBe(6);
    // A holiday is no session: 24 Dec bar, today 28 Dec (25 holiday, 26–27 weekend).
    expect(sessionsMissedSince('2026-12-24', '2026-12-28', holidays)).toBe(0);
  });
});
