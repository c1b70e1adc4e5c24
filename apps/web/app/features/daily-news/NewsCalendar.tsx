import { useState } from 'react';
import { type CalendarMonth, monthOf, monthTitle, monthWeeks, shiftMonth } from './calendar-month.ts';

const weekdays = [
  ['Sun', 'Sunday'],
  ['Mon', 'Monday'],
  ['Tue', 'Tuesday'],
  ['Wed', 'Wednesday'],
  ['Thu', 'Thursday'],
  ['Fri', 'Friday'],
  ['Sat', 'Saturday'],
] as const;

/**
 * The home's calendar (decisions.md section 3): collapsed by default behind 'Show Calendar' / 'Hide
 * Calendar' (a disclosure that works before the script runs), the current month with previous and next
 * month buttons, today highlighted, each holiday's description on its day.
 */
export function NewsCalendar({ today, holidays }: { today: string; holidays: Record<string, string> }) {
  const [shown, setShown] = useState<CalendarMonth>(() => monthOf(today));
  const title = monthTitle(shown);
  return (
    <details className="news-calendar">
      <summary className="news-calendar__toggle">
        <span className="news-calendar__show">Show Calendar</span>
        <span className="news-calendar__hide">Hide Calendar</span>
      </summary>
      <div className="news-calendar__body">
        <div className="news-calendar__nav">
          <button type="button" onClick={() => setShown((m) => shiftMonth(m, -1))}>
            <span aria-hidden="true">‹ </span>Previous month
          </button>
          <h2 className="news-calendar__title" aria-live="polite">
            {title}
          </h2>
          <button type="button" onClick={() => setShown((m) => shiftMonth(m, 1))}>
            Next month<span aria-hidden="true"> ›</span>
          </button>
        </div>
        <table className="news-calendar__grid">
          <caption className="visually-hidden">{title}, holidays on their days</caption>
          <thead>
            <tr>
              {weekdays.map(([short, long]) => (
                <th key={short} scope="col">
                  <abbr title={long}>{short}</abbr>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {monthWeeks(shown).map((week) => (
              <tr key={week.find(Boolean)}>
                {week.map((date, i) => {
                  if (!date)
                    // biome-ignore lint/suspicious/noArrayIndexKey: a blank cell has no identity but its place
                    return <td key={`blank-${i}`} className="news-calendar__empty" />;
                  const holiday = holidays[date];
                  const isToday = date === today;
                  const classes = [
                    'news-calendar__day',
                    isToday ? 'news-calendar__day--today' : '',
                    holiday ? 'news-calendar__day--holiday' : '',
                  ]
                    .filter(Boolean)
                    .join(' ');
                  return (
                    <td key={date} className={classes} aria-current={isToday ? 'date' : undefined}>
                      <span className="news-calendar__number">{Number(date.slice(8))}</span>
                      {holiday ? <span className="news-calendar__holiday">{holiday}</span> : null}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
