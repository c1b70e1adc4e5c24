import { assertValidBars, type DailyBar, isUsableVolume } from './bars.ts';
import { lastValue } from './series.ts';
import { atrValues } from './volatility.ts';

export type Breakout = {
  type: 'breakout' | 'breakdown';
  /** 0–100, whole number; see `detectBreakout`. */
  confidence: number;
  volumeSpike: boolean;
  /** A short description, e.g. "20-day high breakout confirmed by volume". */
  pattern: string;
  /** The level the close went beyond: the highest high (breakout) or lowest low (breakdown) of the window. */
  level: number;
  /** Last volume ÷ average volume of the window, when every bar of it has a volume and the average is > 0. */
  volumeRatio: number | undefined;
};

export type BreakoutOptions = {
  /** Bars before the last one that make the range; default 20 (about a month of sessions). */
  lookback?: number;
  /** Volume spike threshold as a multiple of the window's average volume; default 1.5. */
  volumeMultiple?: number;
};

/**
 * Whether the last bar closed beyond the range of the `lookback` bars before it (the last bar itself is
 * not part of the range):
 * - breakout: last close > highest high of the window; breakdown: last close < lowest low. A close equal to
 *   the level is not beyond it. Fewer than lookback + 1 bars, or a close inside the range: `undefined`.
 * - volumeSpike: last volume ≥ volumeMultiple × the average volume of the window, judged only when the
 *   last bar and every bar of the window have a usable volume and that average is above 0; otherwise false.
 * - confidence = 60, + 20 with a volume spike, + 20 × (distance beyond the level ÷ ATR), that last part
 *   capped at 20 (a close one ATR or more beyond the level earns all of it); rounded to a whole number, at
 *   most 100. ATR is Wilder's ATR(14) as of the bar before the last, over all the earlier bars; with fewer
 *   than 15 earlier bars there is no ATR and no distance bonus; an ATR of 0 (a perfectly flat range) gives
 *   the full 20.
 * Throws a RangeError on invalid bars (see `assertValidBars`) or options.
 */
export function detectBreakout(
  bars: readonly DailyBar[],
  options: BreakoutOptions = {},
): Breakout | undefined {
  const lookback = options.lookback ?? 20;
  const volumeMultiple = options.volumeMultiple ?? 1.5;
  if (!Number.isInteger(lookback) || lookback < 1)
    throw new RangeError(`lookback must be a whole number ≥ 1.`);
  if (!(volumeMultiple > 0 && Number.isFinite(volumeMultiple))) {
    throw new RangeError('volumeMultiple must be a positive number.');
  }
  assertValidBars(bars);
  if (bars.length < lookback + 1) return undefined;

  const last = bars[bars.length - 1]!;
  const earlier = bars.slice(0, -1);
  const window = earlier.slice(-lookback);
  let highest = Number.NEGATIVE_INFINITY;
  let lowest = Number.POSITIVE_INFINITY;
  for (const bar of window) {
    highest = Math.max(highest, bar.high);
    lowest = Math.min(lowest, bar.low);
  }
  const type = last.close > highest ? 'breakout' : last.close < lowest ? 'breakdown' : undefined;
  if (type === undefined) return undefined;
  const level = type === 'breakout' ? highest : lowest;

  let volumeRatio: number | undefined;
  if (isUsableVolume(last.volume) && window.every((bar) => isUsableVolume(bar.volume))) {
    const average = window.reduce((sum, bar) => sum + (bar.volume as number), 0) / window.length;
    if (average > 0) volumeRatio = last.volume / average;
  }
  const volumeSpike = volumeRatio !== undefined && volumeRatio >= volumeMultiple;

  const atr = lastValue(
    atrValues(
      {
        high: earlier.map((bar) => bar.high),
        low: earlier.map((bar) => bar.low),
        close: earlier.map((bar) => bar.close),
      },
      14,
    ),
  );
  const distance = Math.abs(last.close - level);
  const extension = atr === undefined ? 0 : atr === 0 ? 20 : Math.min(20, (20 * distance) / atr);
  const confidence = Math.min(100, Math.round(60 + (volumeSpike ? 20 : 0) + extension));

  const move = type === 'breakout' ? `${lookback}-day high breakout` : `${lookback}-day low breakdown`;
  const confirmation =
    volumeRatio === undefined
      ? ' (no volume data)'
      : volumeSpike
        ? ' confirmed by volume'
        : ' without volume confirmation';
  return { type, confidence, volumeSpike, pattern: move + confirmation, level, volumeRatio };
}
