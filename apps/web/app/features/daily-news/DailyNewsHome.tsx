import type { Holiday, NewsItem, Rain } from '@hurryup/contracts/daily-news';
import { nextDated } from '@hurryup/contracts/daily-news-rules';
import { AdSlot } from '../../shared/ads/AdSlot.tsx';
import { useEnglishSpeech } from '../../shared/use-english-speech.ts';
import { longDate } from './calendar-month.ts';
import { NewsCalendar } from './NewsCalendar.tsx';
import { NewsCard } from './NewsCard.tsx';

export interface DailyNewsHomeData {
  /** Today in India (YYYY-MM-DD). */
  today: string;
  news: NewsItem[];
  /** Undefined when they could not be read: the box is then absent (tools-and-trading.md section 4). */
  holidays?: Holiday[] | undefined;
  rains?: Rain[] | undefined;
  error?: string | undefined;
}

function holidayMap(holidays: readonly Holiday[]): Record<string, string> {
  const map: Record<string, string> = {};
  for (const { date, description } of holidays)
    map[date] = map[date] ? `${map[date]}; ${description}` : description;
  return map;
}

function ReadAllAloud({ text }: { text: string }) {
  const { speaking, toggle } = useEnglishSpeech(text);
  return (
    <button
      type="button"
      className={`daily-news__read${speaking ? ' daily-news__read--speaking' : ''}`}
      onClick={toggle}
      disabled={text === ''}
    >
      <span aria-hidden="true">{speaking ? '■ ' : '▶ '}</span>
      {speaking ? 'Stop reading' : 'Read all news aloud'}
    </button>
  );
}

/**
 * The holiday or rain box. It appears for a record dated today or later (tools-and-trading.md section 2); its
 * heading is the specification's 'Holiday Today' / 'Rain Today' only when the date is today, and says the
 * date plainly otherwise ('Coming up: Friday, 25 December 2026'), never 'Today' over a later date.
 */
function DatedBox({
  kind,
  title,
  date,
  today,
  children,
}: {
  kind: 'holiday' | 'rain';
  title: string;
  date: string;
  today: string;
  children: React.ReactNode;
}) {
  const when = <time dateTime={date}>{longDate(date)}</time>;
  return (
    <section className={`daily-news__box daily-news__box--${kind}`} aria-labelledby={`${kind}-box`}>
      <h2 id={`${kind}-box`}>{date === today ? title : <>Coming up: {when}</>}</h2>
      {children}
      {date === today ? <p className="daily-news__box-date">{when}</p> : null}
    </section>
  );
}

/** The daily news home (tools-and-trading.md section 2, "Daily news home"). */
export function DailyNewsHome({ today, news, holidays, rains, error }: DailyNewsHomeData) {
  const holiday = holidays ? nextDated(holidays, today) : undefined;
  const rain = rains ? nextDated(rains, today) : undefined;
  return (
    <article className="page daily-news" aria-labelledby="daily-news-heading">
      <AdSlot placement="banner" />
      <h1 id="daily-news-heading">Today's news and tips</h1>
      <p className="page__lede">
        <time dateTime={today}>{longDate(today)}</time>: short news for everyday life in India.
      </p>
      <ReadAllAloud text={news.map((item) => item.text).join('\n')} />
      {holiday || rain ? (
        <div className="daily-news__boxes">
          {holiday ? (
            <DatedBox kind="holiday" title="Holiday Today" date={holiday.date} today={today}>
              <p className="daily-news__box-title">{holiday.occasion}</p>
              <p>{holiday.description}</p>
            </DatedBox>
          ) : null}
          {rain ? (
            <DatedBox kind="rain" title="Rain Today" date={rain.date} today={today}>
              <p className="daily-news__box-title">{rain.name}</p>
              <p>{rain.description}</p>
            </DatedBox>
          ) : null}
        </div>
      ) : null}
      <section aria-labelledby="news-heading">
        <h2 id="news-heading" className="visually-hidden">
          News
        </h2>
        {error ? (
          <p className="status status--error" role="alert">
            {error}
          </p>
        ) : news.length === 0 ? (
          <p className="status">No news today. Please come back tomorrow.</p>
        ) : (
          <ul className="news-list">
            {news.map((item) => (
              <li key={item.entryId}>
                <NewsCard item={item} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <NewsCalendar today={today} holidays={holidayMap(holidays ?? [])} />
    </article>
  );
}
