import { eventMethodAnchors, impactColours, otherImpactColour } from '@hurryup/contracts/event-study-rules';
import { useEffect, useState } from 'react';
import { callApiLazily } from '../../shared/lazy-api-client.ts';
import { MarketDataNotLoaded } from '../../shared/MarketDataNotLoaded.tsx';
import { TradingDisclaimer } from '../../shared/TradingDisclaimer.tsx';
import { notLoadedMessage } from './api-failure.ts';
import { MethodLink } from './MethodLink.tsx';

type CalendarEvent = { date: string; event: string; kind: string; impact: string; reason: string };

/** Volatility Event Calendar (/eventCalendar): upcoming events with their impact tier. */
export function EventCalendar() {
  const [events, setEvents] = useState<CalendarEvent[]>([]);
  const [loading, setLoading] = useState(true);
  const [notLoaded, setNotLoaded] = useState<string | undefined>();

  useEffect(() => {
    const controller = new AbortController();
    callApiLazily(
      () => import('@hurryup/contracts/event-studies').then((c) => c.getEventCalendar),
      undefined,
      {
        signal: controller.signal,
      },
    )
      .then(setEvents)
      .catch((failure: unknown) => {
        if (controller.signal.aborted) return;
        const message = notLoadedMessage(failure);
        if (message) setNotLoaded(message);
        // The error catalogue: logged, and the list stays empty.
        else console.error('Failed to load event calendar', failure);
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, []);

  return (
    <section className="page event-page" aria-labelledby="calendar-heading">
      <h1 id="calendar-heading">Volatility Event Calendar</h1>
      <TradingDisclaimer />
      <MethodLink anchor={eventMethodAnchors.calendar}>How the impact is rated</MethodLink>
      {loading ? (
        <p className="status" role="status">
          Loading...
        </p>
      ) : notLoaded ? (
        <MarketDataNotLoaded message={notLoaded} />
      ) : (
        <ul className="event-list">
          {events.map((event) => (
            <li
              key={`${event.date} ${event.kind}`}
              className="event-item"
              style={{ borderColor: impactColours[event.impact] ?? otherImpactColour }}
              title={event.reason}
            >
              <p className="event-item__date">{event.date}</p>
              <p className="event-item__name">{event.event}</p>
              <p>Impact: {event.impact}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
