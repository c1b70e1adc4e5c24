import { describe, expect, it } from 'vitest';
import { formatDate, yearInIndia } from './format-date.ts';

describe('dates in India', () => {
  const intl = new Intl.DateTimeFormat('en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'Asia/Kolkata',
  });

  it('prints what Intl prints for en-IN in India time, every month and across midnight', () => {
    const moments = [
      ...Array.from({ length: 12 }, (_, month) => new Date(Date.UTC(2026, month, 5, 12))),
      new Date('2026-11-23T18:29:59Z'),
      new Date('2026-11-23T18:30:00Z'),
      new Date('1990-01-01T00:00:00Z'),
      new Date('2024-02-29T20:00:00Z'),
      new Date('2026-12-31T18:30:00Z'),
    ];
    for (const moment of moments) expect(formatDate(moment.toISOString())).toBe(intl.format(moment));
  });

  it('prints nothing for text that is not a date', () => {
    expect(formatDate('not a date')).toBe('');
  });

  it('turns the year at midnight in India, 18:30 UTC on 31 December', () => {
    expect(yearInIndia(new Date('2026-12-31T18:29:59Z'))).toBe(2026);
    expect(yearInIndia(new Date('2026-12-31T18:30:00Z'))).toBe(2027);
  });
});
