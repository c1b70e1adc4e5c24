import { minusSign } from '@hurryup/contracts/number-field-rules';
import { formatIndian } from '../../shared/trading-format.ts';
import { chartScale } from './straddle-chart.ts';

const barWidth = 14;
const gapWidth = 2;
const margin = { top: 24, right: 8, bottom: 24, left: 56 };

const percent = (v: number, digits = 0) =>
  `${v < 0 ? minusSign : v > 0 ? '+' : ''}${formatIndian(Math.abs(v), 0, digits)}%`;

/**
 * Profit Distribution: one bar per trial (tooltip 'Trial N: value%'), gains blue and losses red, on a zero
 * line that is always in view. 5 px per unit where everything fits; else the scale of `chartScale`, with a
 * bar past the edge cut, marked ▲ or ▼ and labelled with its value.
 */
export function StraddleChart({
  distribution,
  dates,
}: {
  distribution: readonly number[];
  /** What each trial's tooltip adds after its value: its date (and contract). */
  dates: readonly string[];
}) {
  const scale = chartScale(distribution);
  const plot = (scale.top - scale.bottom) * scale.pixelsPerUnit;
  const height = Math.ceil(margin.top + plot + margin.bottom);
  const width = margin.left + distribution.length * (barWidth + gapWidth) + margin.right;
  const y = (v: number) => margin.top + (scale.top - v) * scale.pixelsPerUnit;
  const zero = y(0);
  const cut = distribution.filter((v) => scale.clipped(v)).length;
  const ticks = [scale.top, 0, scale.bottom].filter((v, i, all) => all.indexOf(v) === i);
  return (
    <>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take the keyboard to scroll (WCAG 2.1.1) */}
      <section className="straddle-chart scroll-shadow" aria-label="Profit distribution chart" tabIndex={0}>
        <svg
          width={width}
          height={height}
          role="img"
          aria-label={`Return of each of ${distribution.length} trials`}
        >
          {ticks.map((t) => (
            <text
              key={t}
              x={margin.left - 6}
              y={y(t)}
              textAnchor="end"
              dominantBaseline="middle"
              className="straddle-tick"
            >
              {percent(t)}
            </text>
          ))}
          {distribution.map((value, i) => {
            const clipped = scale.clipped(value);
            const shown = clipped === 'top' ? scale.top : clipped === 'bottom' ? scale.bottom : value;
            const barHeight = Math.abs(shown) * scale.pixelsPerUnit;
            const x = margin.left + i * (barWidth + gapWidth);
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: one bar per trial, in a fixed order
              <g key={i}>
                <rect
                  x={x}
                  y={shown >= 0 ? zero - barHeight : zero}
                  width={barWidth}
                  height={Math.max(barHeight, 1)}
                  className={
                    value >= 0 ? 'straddle-bar straddle-bar--gain' : 'straddle-bar straddle-bar--loss'
                  }
                  data-clipped={clipped}
                >
                  <title>{`Trial ${i + 1}: ${value}%${dates[i] ? ` (${dates[i]})` : ''}`}</title>
                </rect>
                {clipped ? (
                  <text
                    x={x + barWidth / 2}
                    y={clipped === 'top' ? margin.top - 6 : height - margin.bottom + 14}
                    textAnchor="middle"
                    className="straddle-clip"
                  >
                    {clipped === 'top' ? '▲' : '▼'}
                    {percent(value)}
                  </text>
                ) : null}
              </g>
            );
          })}
          <line
            x1={margin.left}
            x2={width - margin.right}
            y1={zero}
            y2={zero}
            className="straddle-zero"
            data-zero-line=""
          />
        </svg>
      </section>
      <p className="as-of straddle-scale">
        {scale.pixelsPerUnit === 5
          ? 'Scale: 5 px per 1% of return.'
          : `Scale shrunk to fit: ${scale.pixelsPerUnit.toFixed(2)} px per 1% of return.`}
        {cut > 0
          ? ` ${cut} ${cut === 1 ? 'bar goes' : 'bars go'} past the edge: cut, marked ▲ or ▼ with the value.`
          : ''}
        {distribution.length * (barWidth + gapWidth) > 300 ? ' Scroll sideways for every trial.' : ''}
      </p>
    </>
  );
}
