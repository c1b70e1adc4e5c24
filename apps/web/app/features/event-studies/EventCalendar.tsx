import type { CalendarEvent } from '@hurryup/contracts/event-studies';
import { eventMethodAnchors, impactClass } from '@hurryup/contracts/event-study-rules';
import { useEffect } from 'react';
import { MarketDataNotLoaded } from '../../shared/MarketDataNotLoaded.tsx';
import { TradingDisclaimer } from '../../shared/TradingDisclaimer.tsx';
import type { EventLoad } from './event-load.ts';
import { MethodLink } from './MethodLink.tsx';

/** Volatility Event Calendar (/eventCalendar): upcoming events with their impact tier, read by the loader. */
export function EventCalendar({ load }: { load: EventLoad<CalendarEvent[]> }) {
  useEffect(() => {
    // The error catalogue: a failed read is logged, and the list stays empty.
    if (load.state === 'unreachable') console.error('Failed to load event calendar');
  }, [load]);
  const events = load.state === 'ok' ? load.data : [];
  return (
    <section className="page event-page" aria-labelledby="calendar-heading">
      <h1 id="calendar-heading">Volatility Event Calendar</h1>
      <TradingDisclaimer />
      <MethodLink anchor={eventMethodAnchors.calendar}>How the impact is rated</MethodLink>
      {load.state === 'not-loaded' ? (
        <MarketDataNotLoaded message={load.message} />
      ) : (
        <ul className="event-list">
          {events.map((event) => (
            <li
              key={`${event.date} ${event.kind}`}
              className={`event-item event-item--${impactClass(event.impact)}`}
              title={event.reason}
            >
              <p className="event-item__date">{event.date}</p>
              <p className="event-item__name">{event.event}</p>
              <p>Impact: {event.impact}</p>
              <ImpactRatio ratio={(event as CalendarEvent & CalendarExtras).impactRatio} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** What a calendar item adds (issue 29): the kind's move as a multiple of an ordinary session's. */
export type CalendarExtras = { impactRatio?: number };

function ImpactRatio({ ratio }: { ratio: number | undefined }) {
  if (ratio === undefined) return null;
  return (
    <p className="event-item__ratio">
      Moves {ratio.toFixed(2)}× an ordinary session
      {ratio < 1.05 ? ' (no bigger than a usual day)' : ''}
    </p>
  );
}
