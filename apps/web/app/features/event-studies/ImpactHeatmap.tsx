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
const cellWidth = 80;

/** Impact Heatmap (/impactHeatmap): average % returns of NIFTY, BANKNIFTY and sectors around events. */
export function ImpactHeatmap({ initial }: { initial: EventLoad<ImpactHeatmapRow[]> }) {
  const [kind, setKind] = useState<EventStudyKind | ''>('');
  // The page opens with the rows of all events, read by its loader (no request from the browser).
  const [rows, setRows] = useState<ImpactHeatmapRow[]>(initial.state === 'ok' ? initial.data : []);
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
      <div className="event-controls">
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
        <button type="button" onClick={() => void load(kind)} disabled={loading}>
          {loading ? 'Loading...' : 'Refresh Data'}
        </button>
      </div>
      {error && (
        <p className="form-error" role="alert">
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

function HeatmapChart({ rows }: { rows: ImpactHeatmapRow[] }) {
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

  const { top, right, bottom, left } = heatmapMargin;
  const width = left + columns.length * cellWidth + right;
  const legendTop = 34;
  const innerHeight = heatmapHeight - top - bottom - legendTop;
  const cellHeight = innerHeight / rows.length;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take the keyboard to scroll (WCAG 2.1.1)
    <section className="heatmap-scroll" aria-label="Impact heatmap" tabIndex={0}>
      {colours && (
        <svg
          width={Math.max(width, left + legendLength + right)}
          height={heatmapHeight}
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
          {rows.map((row, r) => (
            <g key={row.sector}>
              <text
                x={left - 8}
                y={top + r * cellHeight + cellHeight / 2}
                textAnchor="end"
                dominantBaseline="middle"
                className="heatmap-axis"
              >
                {row.sector}
              </text>
              {columns.map((column, c) => {
                const value = row[column];
                return (
                  <g key={column}>
                    <rect
                      x={left + c * cellWidth}
                      y={top + r * cellHeight}
                      width={cellWidth - 1}
                      height={cellHeight - 1}
                      fill={colours.colour(value)}
                    >
                      <title>{`${row.sector} ${column}: ${value === null ? 'no data' : `${value.toFixed(2)}%`} (${row.events} events)`}</title>
                    </rect>
                    <text
                      x={left + c * cellWidth + cellWidth / 2}
                      y={top + r * cellHeight + cellHeight / 2}
                      textAnchor="middle"
                      dominantBaseline="middle"
                      fill={colours.textColour(value)}
                      className="heatmap-value"
                    >
                      {value === null ? '' : value.toFixed(2)}
                    </text>
                  </g>
                );
              })}
            </g>
          ))}
          <Legend colours={colours} x={left} y={heatmapHeight - bottom - legendTop + 14} />
        </svg>
      )}
    </section>
  );
}

function Legend({ colours, x, y }: { colours: HeatmapColours; x: number; y: number }) {
  const format = (v: number) => `${v > 0 ? '+' : ''}${v.toFixed(2)}%`;
  return (
    <g transform={`translate(${x},${y})`}>
      <defs>
        <linearGradient id="heatmap-legend-gradient">
          {colours.stops.map((stop) => (
            <stop key={stop.offset} offset={`${stop.offset * 100}%`} stopColor={stop.colour} />
          ))}
        </linearGradient>
      </defs>
      <text x={0} y={-4} className="heatmap-axis">
        Avg % Return
      </text>
      <rect width={legendLength} height={12} fill="url(#heatmap-legend-gradient)" />
      {[-colours.extent, 0, colours.extent].map((v, i) => (
        <text
          key={v}
          x={(i * legendLength) / 2}
          y={28}
          textAnchor={i === 0 ? 'start' : i === 1 ? 'middle' : 'end'}
          className="heatmap-axis"
        >
          {format(v)}
        </text>
      ))}
    </g>
  );
}
