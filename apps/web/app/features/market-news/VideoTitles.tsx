import type { Captions } from '@hurryup/contracts/market-news';
import { TradingDisclaimer } from '../../shared/TradingDisclaimer.tsx';
import { formatFetchedAt } from './fetched-at.ts';
import { NothingFetchedYet } from './NothingFetchedYet.tsx';
import { SpeechToggle } from './SpeechToggle.tsx';

export const videosFailed = 'Failed to fetch video titles.';

/** The captions page: titles of trending videos in India, which Play reads aloud one after another. */
export function VideoTitles({ captions, error }: { captions: Captions; error: string | undefined }) {
  const spoken = captions.videos.map((video) => video.title).join('.\n');
  return (
    <section className="page market-feed" aria-labelledby="captions-heading">
      <h1 id="captions-heading">Trending Video Titles</h1>
      <p className="page__lede">
        Recent videos from Indian news channels
        {captions.fetchedAt ? <> · updated {formatFetchedAt(captions.fetchedAt)}</> : null}
      </p>
      <TradingDisclaimer />
      <SpeechToggle key={spoken} text={spoken} label="video titles" />
      {error ? (
        <p className="status status--error" role="alert">
          {error}
        </p>
      ) : captions.videos.length === 0 ? (
        <NothingFetchedYet what="video titles have been" />
      ) : (
        <ol className="video-titles">
          {captions.videos.map((video) => (
            <li key={video.title}>{video.title}</li>
          ))}
        </ol>
      )}
    </section>
  );
}
