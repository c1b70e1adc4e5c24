import { describe, expect, it } from 'vitest';
import type { DailyBar } from './bars.ts';
import { detectBreakout } from './breakout.ts';

const date = (i: number) => new Date(Date.UTC(2025, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);

/**
 * `count` identical bars: open = close = 100, high 102, low 98, volume 1000. Every true range after the first
 * is max(4, |102 − 100|, |98 − 100|) = 4, so ATR(14) = 4 exactly; the 20-bar range is 98–102.
 */
function base(count: number, volume = 1000): DailyBar[] {
  return Array.from({ length: count }, (_, i) => ({
    date: date(i),
    open: 100,
    high: 102,
    low: 98,
    close: 100,
    volume,
  }));
}

const withLast = (bars: DailyBar[], last: Omit<DailyBar, 'date'>): DailyBar[] => [
  ...bars,
  { date: date(bars.length), ...last },
];

describe('detectBreakout', () => {
  it('needs lookback + 1 bars', () => {
    expect(
      detectBreakout(withLast(base(19), { open: 100, high: 110, low: 100, close: 110, volume: 5000 })),
    ).toBeUndefined();
    expect(detectBreakout([])).toBeUndefined();
  });

  it('sees nothing when the close stays inside the range, or exactly on its edge', () => {
    expect(
      detectBreakout(withLast(base(20), { open: 100, high: 101, low: 99, close: 101, volume: 5000 })),
    ).toBeUndefined();
    expect(
      detectBreakout(withLast(base(20), { open: 100, high: 103, low: 99, close: 102, volume: 5000 })),
    ).toBeUndefined();
    // A high above the range with a close inside it is not a breakout (closing basis).
    expect(
      detectBreakout(withLast(base(20), { open: 100, high: 105, low: 99, close: 101, volume: 5000 })),
    ).toBeUndefined();
  });

  it('scores a breakout confirmed by volume', () => {
    // Close 103 is 1 above the 102 level = 0.25 ATR → 20 × 0.25 = 5; volume 1600 ≥ 1.5 × 1000 → +20.
    // 60 + 20 + 5 = 85.
    const result = detectBreakout(
      withLast(base(20), { open: 100, high: 104, low: 100, close: 103, volume: 1600 }),
    );
    expect(result).toEqual({
      type: 'breakout',
      confidence: 85,
      volumeSpike: true,
      pattern: '20-day high breakout confirmed by volume',
      level: 102,
      volumeRatio: 1.6,
    });
  });

  it('counts a volume of exactly 1.5× as a spike and 1.4× as none', () => {
    const at = (volume: number) =>
      detectBreakout(withLast(base(20), { open: 100, high: 104, low: 100, close: 103, volume }));
    expect(at(1500)).toMatchObject({ volumeSpike: true, confidence: 85 });
    // 60 + 0 + 5 = 65.
    expect(at(1400)).toMatchObject({
      volumeSpike: false,
      confidence: 65,
      pattern: '20-day high breakout without volume confirmation',
    });
  });

  it('caps the distance bonus at one ATR and the confidence at 100', () => {
    // Close 110 is 8 = 2 ATR beyond 102 → bonus capped at 20: 60 + 20 + 20 = 100.
    expect(
      detectBreakout(withLast(base(20), { open: 100, high: 110, low: 100, close: 110, volume: 3000 })),
    ).toMatchObject({
      confidence: 100,
    });
    // Half an ATR (close 104) without volume: 60 + 10 = 70.
    expect(
      detectBreakout(withLast(base(20), { open: 100, high: 104, low: 100, close: 104, volume: 1000 })),
    ).toMatchObject({
      confidence: 70,
    });
  });

  it('scores a breakdown the same way', () => {
    // Close 97 is 1 below the 98 level → +5; volume 1000 = 1× → no spike: 65.
    expect(
      detectBreakout(withLast(base(20), { open: 100, high: 100, low: 96, close: 97, volume: 1000 })),
    ).toEqual({
      type: 'breakdown',
      confidence: 65,
      volumeSpike: false,
      pattern: '20-day low breakdown without volume confirmation',
      level: 98,
      volumeRatio: 1,
    });
  });

  it('uses only the 20 bars before the last for the range', () => {
    // A spike to 150 twenty-one bars before the last is outside the window.
    const bars = base(25);
    bars[3] = { ...bars[3]!, high: 150 };
    expect(detectBreakout(withLast(bars, { open: 100, high: 104, low: 100, close: 103 }))?.type).toBe(
      'breakout',
    );
    bars[4] = { ...bars[4]!, high: 150 };
    bars[5] = { ...bars[5]!, high: 150 };
    // Index 5 is within the last 20 of the 25 earlier bars (indices 5–24).
    expect(detectBreakout(withLast(bars, { open: 100, high: 104, low: 100, close: 103 }))).toBeUndefined();
  });

  it('never claims a volume spike without volume data', () => {
    const noVolume = withLast(
      base(20).map(({ volume: _volume, ...bar }) => bar),
      {
        open: 100,
        high: 104,
        low: 100,
        close: 103,
        volume: 99_999,
      },
    );
    expect(detectBreakout(noVolume)).toMatchObject({
      volumeSpike: false,
      volumeRatio: undefined,
      confidence: 65,
      pattern: '20-day high breakout (no volume data)',
    });
    const oneMissing = base(20);
    oneMissing[10] = { ...oneMissing[10]!, volume: Number.NaN };
    expect(
      detectBreakout(withLast(oneMissing, { open: 100, high: 104, low: 100, close: 103, volume: 5000 })),
    ).toMatchObject({
      volumeSpike: false,
    });
    expect(
      detectBreakout(withLast(base(20), { open: 100, high: 104, low: 100, close: 103 }))?.volumeSpike,
    ).toBe(false);
    // An all-zero volume window (an index) has no average to compare with.
    expect(
      detectBreakout(withLast(base(20, 0), { open: 100, high: 104, low: 100, close: 103, volume: 10 })),
    ).toMatchObject({
      volumeSpike: false,
      volumeRatio: undefined,
    });
  });

  it('gives the full distance bonus when the range was perfectly flat (ATR 0)', () => {
    const flat = base(20).map((bar) => ({ ...bar, high: 100, low: 100 }));
    // 60 + 0 + 20 = 80.
    expect(
      detectBreakout(withLast(flat, { open: 100, high: 101, low: 100, close: 101, volume: 1000 })),
    ).toMatchObject({
      type: 'breakout',
      confidence: 80,
      level: 100,
    });
  });

  it('gives no distance bonus without 15 earlier bars for ATR(14)', () => {
    // lookback 5 over 6 bars: 5 earlier bars, no ATR: 60 + 20 = 80.
    const result = detectBreakout(
      withLast(base(5), { open: 100, high: 104, low: 100, close: 103, volume: 2000 }),
      {
        lookback: 5,
      },
    );
    expect(result).toMatchObject({ confidence: 80, pattern: '5-day high breakout confirmed by volume' });
  });

  it('honours the options and rejects bad ones', () => {
    const bars = withLast(base(20), { open: 100, high: 104, low: 100, close: 103, volume: 1600 });
    expect(detectBreakout(bars, { volumeMultiple: 2 })).toMatchObject({ volumeSpike: false, confidence: 65 });
    expect(() => detectBreakout(bars, { lookback: 0 })).toThrow(RangeError);
    expect(() => detectBreakout(bars, { volumeMultiple: Number.NaN })).toThrow(RangeError);
    expect(() => detectBreakout([...bars, { ...bars[0]! }])).toThrow(RangeError);
  });

  it('is deterministic', () => {
    const bars = withLast(base(40), { open: 100, high: 104, low: 100, close: 103.3, volume: 1550 });
    expect(detectBreakout(bars)).toEqual(detectBreakout(bars));
  });
});
