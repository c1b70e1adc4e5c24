import type { ImpactHeatmapRow } from '@hurryup/contracts/event-studies';
import {
  type EventStudyKind,
  eventMethodAnchors,
  eventStudyKindLabels,
  eventStudyKinds,
  eventStudyTexts,
} from '@hurryup/contracts/event-study-rules';
import { useCallback, useEffect, useRef, useState } from 'react';
import { callApiLazily } from '../../shared/lazy-api-client.ts';
import { MarketDataNotLoaded } from '../../shared/MarketDataNotLoaded.tsx';
import { TradingDisclaimer } from '../../shared/TradingDisclaimer.tsx';
import { notLoadedMessage } from './api-failure.ts';
import type { EventLoad } from './event-load.ts';
import type { HeatmapColours } from './heatmap-colours.ts';
import { MethodLink } from './MethodLink.tsx';

/** tools-and-trading.md section 9. */
export const heatmapMargin = { top: 40, right: 90, bottom: 50, left: 100 } as const;
export const heatmapHeight = 500;
export const legendLength = 400;
const columns = ['-3d', '0d', '+3d', '+5d', '+10d'] as const;
type Column = (typeof columns)[number];
/**
 * On a phone (narrower than 640 px, where the specification's 590 px chart would scroll sideways): compact
 * cells and a narrower label column, so all five columns are read without scrolling (issue 27).
 */
const compact = { left: 74, right: 4, cellWidth: 54, labelChars: 9 } as const;
const phoneQuery = '(max-width: 639px)';

/** Whether the screen is phone-wide; false on the server and until the page has run. */
function usePhoneWidth(): boolean {
  const [phone, setPhone] = useState(false);
  useEffect(() => {
    // A browser without media queries in script gets the specification's chart (it scrolls sideways).
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(phoneQuery);
    setPhone(query.matches);
    const changed = () => setPhone(query.matches);
    query.addEventListener('change', changed);
    return () => query.removeEventListener('change', changed);
  }, []);
  return phone;
}

/** What the rows add (issue 29): each offset's sample and t statistic, and whether it is significant at 5 %. */
export type HeatmapRowExtras = {
  significance?: Partial<Record<Column, { n: number; t: number }>>;
  significant?: Partial<Record<Column, boolean>>;
};
type Row = ImpactHeatmapRow & HeatmapRowExtras;

/** A row label in lines that fit the left margin ("NIFTY PSU BANK" → "NIFTY PSU", "BANK"). */
export function labelLines(label: string, maxChars = 12): string[] {
  const lines: string[] = [];
  for (const word of label.split(/\s+/)) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= maxChars)
      lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/** Whether the answer says a cell is not significant at 5 % (a cell it says nothing about is not muted). */
const muted = (row: Row, column: Column) => row.significant?.[column] === false;

/** Impact Heatmap (/impactHeatmap): average % returns of NIFTY, BANKNIFTY and sectors around events. */
export function ImpactHeatmap({ initial }: { initial: EventLoad<ImpactHeatmapRow[]> }) {
  const [kind, setKind] = useState<EventStudyKind | ''>('');
  // The page opens with the rows of all events, read by its loader (no request from the browser).
  const [rows, setRows] = useState<Row[]>(initial.state === 'ok' ? initial.data : []);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | undefined>(
    initial.state === 'unreachable' ? eventStudyTexts.heatmapFailed : undefined,
  );
  const [notLoaded, setNotLoaded] = useState<string | undefined>(
    initial.state === 'not-loaded' ? initial.message : undefined,
  );
  const request = useRef<AbortController | undefined>(undefined);

  const load = useCallback(async (which: EventStudyKind | '') => {
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    setLoading(true);
    setError(undefined);
    try {
      const answer = await callApiLazily(
        () => import('@hurryup/contracts/event-studies').then((c) => c.getImpactHeatmap),
        { query: which ? { kind: which } : {} },
        { signal: controller.signal },
      );
      setRows(answer);
      setNotLoaded(undefined);
    } catch (failure) {
      if (controller.signal.aborted) return;
      const message = notLoadedMessage(failure);
      if (message) setNotLoaded(message);
      else setError(eventStudyTexts.heatmapFailed);
    } finally {
      if (request.current === controller) setLoading(false);
    }
  }, []);

  useEffect(() => () => request.current?.abort(), []);

  return (
    <section className="page event-page" aria-labelledby="heatmap-heading">
      <h1 id="heatmap-heading">Impact Heatmap - AI Event Tracker</h1>
      <TradingDisclaimer />
      <p>
        How NIFTY, BANKNIFTY and the sector indices moved around macroeconomic and political events: the
        average % return from the last close before each event, three sessions before it, on the event session
        and 3, 5 and 10 sessions after.
      </p>
      <MethodLink anchor={eventMethodAnchors.heatmap}>How the heatmap is computed</MethodLink>
      <div className="trading-controls">
        <div className="trading-field">
          <label htmlFor="heatmap-kind">Event</label>
          <select
            id="heatmap-kind"
            value={kind}
            onChange={(event) => {
              const next = event.target.value as EventStudyKind | '';
              setKind(next);
              void load(next);
            }}
          >
            <option value="">All events</option>
            {eventStudyKinds.map((k) => (
              <option key={k} value={k}>
                {eventStudyKindLabels[k]}
              </option>
            ))}
          </select>
        </div>
        <button type="button" className="button" onClick={() => void load(kind)} disabled={loading}>
          {loading ? 'Loading...' : 'Refresh Data'}
        </button>
      </div>
      {error && (
        <p className="status status--error" role="alert">
          {error}
        </p>
      )}
      {notLoaded ? (
        <MarketDataNotLoaded message={notLoaded} />
      ) : (
        rows.length > 0 && <HeatmapChart rows={rows} />
      )}
    </section>
  );
}

function HeatmapChart({ rows }: { rows: Row[] }) {
  const [colours, setColours] = useState<HeatmapColours | undefined>();
  useEffect(() => {
    let live = true;
    const values = rows.flatMap((row) => columns.map((c) => row[c]).filter((v): v is number => v !== null));
    void import('./heatmap-colours.ts').then(({ heatmapColours }) => {
      if (live) setColours(heatmapColours(values));
    });
    return () => {
      live = false;
    };
  }, [rows]);

  const phone = usePhoneWidth();
  const { top, bottom } = heatmapMargin;
  const { left, right, cellWidth, labelChars } = phone
    ? compact
    : { ...heatmapMargin, cellWidth: 80, labelChars: 12 };
  const width = left + columns.length * cellWidth + right;
  const innerHeight = heatmapHeight - top - bottom;
  const cellHeight = innerHeight / rows.length;
  const tested = rows.some((row) => row.significant !== undefined);
  return (
    <>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take the keyboard to scroll (WCAG 2.1.1) */}
      <section className="heatmap-scroll scroll-shadow" aria-label="Impact heatmap" tabIndex={0}>
        {colours && (
          <svg
            width={width}
            height={heatmapHeight}
            className={phone ? 'heatmap--compact' : undefined}
            role="img"
            aria-label={`Average % return by index and offset: ${rows.length} rows`}
          >
            {columns.map((column, c) => (
              <text
                key={column}
                x={left + c * cellWidth + cellWidth / 2}
                y={top - 10}
                textAnchor="middle"
                className="heatmap-axis"
              >
                {column}
              </text>
            ))}
            {rows.map((row, r) => {
              const lines = labelLines(row.sector, labelChars);
              const middle = top + r * cellHeight + cellHeight / 2;
              return (
                <g key={row.sector}>
                  <text x={left - 6} y={middle} textAnchor="end" className="heatmap-axis heatmap-label">
                    {lines.map((line, i) => (
                      <tspan
                        key={line}
                        x={left - 6}
                        dy={i === 0 ? `${0.35 - (lines.length - 1) * 0.55}em` : '1.1em'}
                      >
                        {line}
                      </tspan>
                    ))}
                  </text>
                  {columns.map((column, c) => {
                    const value = row[column];
                    const quiet = muted(row, column);
                    const stat = row.significance?.[column];
                    const test = stat
                      ? `; ${stat.n} events, t = ${stat.t.toFixed(2)}${quiet ? ', not significant at 5%' : ', significant at 5%'}`
                      : '';
                    return (
                      <g key={column} className={quiet ? 'heatmap-cell heatmap-cell--muted' : 'heatmap-cell'}>
                        <rect
                          x={left + c * cellWidth}
                          y={top + r * cellHeight}
                          width={cellWidth - 1}
                          height={cellHeight - 1}
                          fill={colours.colour(value)}
                          fillOpacity={quiet ? 0.3 : 1}
                        >
                          <title>{`${row.sector} ${column}: ${value === null ? 'no data' : `${value.toFixed(2)}%`} (${row.events} events${test})`}</title>
                        </rect>
                        <text
                          x={left + c * cellWidth + cellWidth / 2}
                          y={top + r * cellHeight + cellHeight / 2}
                          textAnchor="middle"
                          dominantBaseline="middle"
                          fill={quiet ? '#4b5563' : colours.textColour(value)}
                          className="heatmap-value"
                        >
                          {value === null ? '' : value.toFixed(2)}
                        </text>
                      </g>
                    );
                  })}
                </g>
              );
            })}
          </svg>
        )}
      </section>
      {!phone && <p className="scroll-cue heatmap-cue">Scroll sideways for all five columns.</p>}
      {colours && <Legend colours={colours} tested={tested} />}
    </>
  );
}

/** The legend, titled 'Avg % Return', 400 px long or the screen's width, under the chart so a phone sees all of it. */
function Legend({ colours, tested }: { colours: HeatmapColours; tested: boolean }) {
  const format = (v: number) => `${v > 0 ? '+' : v < 0 ? '\u2212' : ''}${Math.abs(v).toFixed(2)}%`;
  return (
    <div className="heatmap-legend">
      <p className="heatmap-legend__title">Avg % Return</p>
      <svg
        className="heatmap-legend__bar"
        viewBox={`0 0 ${legendLength} 12`}
        preserveAspectRatio="none"
        aria-hidden="true"
      >
        <defs>
          <linearGradient id="heatmap-legend-gradient">
            {colours.stops.map((stop) => (
              <stop key={stop.offset} offset={`${stop.offset * 100}%`} stopColor={stop.colour} />
            ))}
          </linearGradient>
        </defs>
        <rect width={legendLength} height={12} fill="url(#heatmap-legend-gradient)" />
      </svg>
      <div className="heatmap-legend__ticks">
        <span>{format(-colours.extent)}</span>
        <span>{format(0)}</span>
        <span>{format(colours.extent)}</span>
      </div>
      {tested ? (
        <p className="heatmap-legend__note">
          <span className="heatmap-legend__muted" aria-hidden="true" /> Faded cells are not significant at 5%
          (|t| below 1.96 against an ordinary window of the same length): read them as noise.
        </p>
      ) : null}
    </div>
  );
}
