import { formatIndian, formatRupees, formatSignedRupees } from '../../shared/trading-format.ts';
import type { PayoffPoint, StrategyLeg } from './answer-extras.ts';

/*
 * The strategy's legs with their Greeks and its payoff chart (SVG): one lot's P&L across NIFTY levels at
 * expiry and today, the zero line, and the breakevens. Loaded with the first answer that has them, so the
 * strategy page's first load stays within its JavaScript budget.
 */

// Drawn at 480 × 300 and scaled to the screen: text of 14 units reads about 9.5 px on a 390 px phone and
// 17 px at the chart's widest (600 px).
const width = 480;
const height = 300;
const pad = { top: 20, right: 12, bottom: 42, left: 58 };

const level = (v: number) => formatIndian(v, 0);

/** An axis amount the Indian way, short: "₹50k", "−₹1.5L", "₹0". */
export function shortRupees(v: number): string {
  const a = Math.abs(v);
  const text =
    a >= 100_000
      ? `${Number((a / 100_000).toFixed(2))}L`
      : a >= 1000
        ? `${Number((a / 1000).toFixed(1))}k`
        : `${Math.round(a)}`;
  return `${v < 0 && text !== '0' ? '\u2212' : ''}₹${text}`;
}
const greek = (v: number | undefined, digits: number) => (v === undefined ? '–' : v.toFixed(digits));

/** Round numbers for an axis between `lo` and `hi`: about `count` of them. */
export function ticks(lo: number, hi: number, count: number): number[] {
  if (!(hi > lo)) return [lo];
  const raw = (hi - lo) / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? raw;
  const out: number[] = [];
  for (let v = Math.ceil(lo / step) * step; v <= hi + step * 1e-9; v += step)
    out.push(Math.round(v * 1e6) / 1e6);
  return out;
}

export function PayoffChart({
  payoff,
  breakevens,
}: {
  payoff: readonly PayoffPoint[];
  breakevens: readonly number[];
}) {
  if (payoff.length < 2) return null;
  const spots = payoff.map((p) => p.spot);
  const values = payoff.flatMap((p) => [p.atExpiry, p.today]);
  const x0 = Math.min(...spots);
  const x1 = Math.max(...spots);
  const yLo = Math.min(0, ...values);
  const yHi = Math.max(0, ...values);
  const ySpan = yHi - yLo || 1;
  const y0 = yLo - ySpan * 0.05;
  const y1 = yHi + ySpan * 0.05;
  const x = (v: number) => pad.left + ((v - x0) / (x1 - x0 || 1)) * (width - pad.left - pad.right);
  const y = (v: number) => pad.top + ((y1 - v) / (y1 - y0)) * (height - pad.top - pad.bottom);
  const line = (key: 'atExpiry' | 'today') =>
    payoff.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(p.spot).toFixed(1)},${y(p[key]).toFixed(1)}`).join('');
  const zero = y(0);
  const area = `${line('atExpiry')}L${x(x1).toFixed(1)},${zero.toFixed(1)}L${x(x0).toFixed(1)},${zero.toFixed(1)}Z`;
  const plotBottom = height - pad.bottom;
  const visibleBreakevens = breakevens.filter((b) => b >= x0 && b <= x1);
  return (
    <figure className="payoff">
      <svg
        className="payoff__chart"
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label={`Payoff of one lot from NIFTY ${level(x0)} to ${level(x1)}: at expiry from ${formatRupees(
          Math.min(...payoff.map((p) => p.atExpiry)),
        )} to ${formatRupees(Math.max(...payoff.map((p) => p.atExpiry)))}${
          visibleBreakevens.length > 0 ? `; breakevens at ${visibleBreakevens.map(level).join(' and ')}` : ''
        }`}
      >
        <defs>
          <clipPath id="payoff-above">
            <rect
              x={pad.left}
              y={pad.top}
              width={width - pad.left - pad.right}
              height={Math.max(0, zero - pad.top)}
            />
          </clipPath>
          <clipPath id="payoff-below">
            <rect
              x={pad.left}
              y={zero}
              width={width - pad.left - pad.right}
              height={Math.max(0, plotBottom - zero)}
            />
          </clipPath>
        </defs>
        {ticks(y0, y1, 4).map((t) => (
          <g key={`y${t}`}>
            <line x1={pad.left} x2={width - pad.right} y1={y(t)} y2={y(t)} className="payoff__grid" />
            <text
              x={pad.left - 6}
              y={y(t)}
              textAnchor="end"
              dominantBaseline="middle"
              className="payoff__tick"
            >
              {shortRupees(t)}
            </text>
          </g>
        ))}
        {ticks(x0, x1, 4).map((t) => (
          <text key={`x${t}`} x={x(t)} y={plotBottom + 16} textAnchor="middle" className="payoff__tick">
            {level(t)}
          </text>
        ))}
        <text
          x={(pad.left + width - pad.right) / 2}
          y={height - 4}
          textAnchor="middle"
          className="payoff__tick"
        >
          NIFTY at expiry
        </text>
        <path d={area} className="payoff__gain" clipPath="url(#payoff-above)" />
        <path d={area} className="payoff__loss" clipPath="url(#payoff-below)" />
        <line
          x1={pad.left}
          x2={width - pad.right}
          y1={zero}
          y2={zero}
          className="payoff__zero"
          data-zero-line=""
        />
        <path d={line('today')} className="payoff__today" />
        <path d={line('atExpiry')} className="payoff__expiry" />
        {visibleBreakevens.map((b) => (
          <g key={b} className="payoff__breakeven">
            <line x1={x(b)} x2={x(b)} y1={pad.top} y2={plotBottom} />
            <circle cx={x(b)} cy={zero} r={4} />
            <text x={x(b)} y={pad.top + 10} textAnchor="middle" className="payoff__tick">
              {level(b)}
            </text>
          </g>
        ))}
      </svg>
      <figcaption className="payoff__legend">
        <span className="payoff__key payoff__key--expiry">At expiry</span>
        <span className="payoff__key payoff__key--today">Today</span>
        <span className="payoff__key payoff__key--breakeven">
          Breakeven{breakevens.length === 1 ? '' : 's'}:{' '}
          {breakevens.length > 0 ? breakevens.map(level).join(', ') : 'none'}
        </span>
      </figcaption>
    </figure>
  );
}

export function LegsTable({ legs }: { legs: readonly StrategyLeg[] }) {
  if (legs.length === 0) return null;
  return (
    <>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling table must take the keyboard (WCAG 2.1.1) */}
      <section className="payoff-legs scroll-shadow" tabIndex={0} aria-label="Legs and Greeks">
        <table className="market-table">
          <thead>
            <tr>
              <th scope="col">Leg</th>
              <th scope="col">Strike</th>
              <th scope="col">Expiry</th>
              <th scope="col">Premium</th>
              <th scope="col">Delta</th>
              <th scope="col">Gamma</th>
              <th scope="col">Theta</th>
              <th scope="col">Vega</th>
            </tr>
          </thead>
          <tbody>
            {legs.map((leg, i) => {
              const side = leg.side ?? ((leg.quantity ?? 1) < 0 ? 'SELL' : 'BUY');
              const type = leg.type ?? (leg.kind === 'put' ? 'PE' : 'CE');
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: legs in the answer's order
                <tr key={i}>
                  <td className={side === 'SELL' ? 'change--down' : 'change--up'}>
                    {side} {type}
                  </td>
                  <td>{level(leg.strike)}</td>
                  <td>{leg.expiry ?? '–'}</td>
                  <td>{leg.premium === undefined ? '–' : leg.premium.toFixed(2)}</td>
                  <td>{greek(leg.delta, 3)}</td>
                  <td>{greek(leg.gamma, 5)}</td>
                  <td>{greek(leg.theta, 2)}</td>
                  <td>{greek(leg.vega, 2)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </section>
      <p className="as-of">Premiums in points; theta per day and vega per volatility point, per unit.</p>
    </>
  );
}

/** The payoff section of the strategy page: the recommended strategy's, or the best rejected one's. */
export default function StrategyPayoff({
  name,
  rejected,
  legs,
  payoff,
  breakevens,
}: {
  name: string;
  rejected: boolean;
  legs: readonly StrategyLeg[];
  payoff: readonly PayoffPoint[];
  breakevens: readonly number[];
}) {
  const worst = payoff.length > 0 ? Math.min(...payoff.map((p) => p.atExpiry)) : undefined;
  return (
    <section className="study-payoff trading-card" aria-labelledby="study-payoff-heading">
      <h2 id="study-payoff-heading">
        {rejected ? `Payoff of ${name} (considered and rejected)` : `Payoff of ${name}`}
      </h2>
      <p className="as-of">
        One lot, in rupees
        {worst !== undefined ? `; the worst at expiry on this chart is ${formatSignedRupees(worst)}` : ''}.
      </p>
      <PayoffChart payoff={payoff} breakevens={breakevens} />
      <h3>Legs</h3>
      <LegsTable legs={legs} />
    </section>
  );
}
