import type { Video, WebStory } from '@hurryup/contracts/gallery';
import {
  defaultWebStoryThumbnail,
  webStoryPath,
  webStoryThumbnailSize,
} from '@hurryup/contracts/gallery-pages';
import { Link } from 'react-router';
import { ResponsiveImage } from '../../shared/ResponsiveImage.tsx';

const videoSizes = '(min-width: 1152px) 360px, (min-width: 768px) 33vw, 100vw';

/**
 * The video gallery (/webstories): the 'Web Stories' cards (320 by 240, a default picture when a story has
 * none) opening their story pages, then the videos, each opening its link in a new tab.
 */
export function VideoGallery({
  stories,
  videos,
  error,
}: {
  stories: WebStory[];
  videos: Video[];
  error?: string | undefined;
}) {
  return (
    <section className="page gallery" aria-labelledby="videos-heading">
      <h1 id="videos-heading">Video Gallery</h1>
      {error ? (
        <p className="status status--error" role="alert">
          {error}
        </p>
      ) : (
        <>
          <section aria-labelledby="stories-heading">
            <h2 id="stories-heading">Web Stories</h2>
            {stories.length === 0 ? (
              <p className="status">No web stories yet.</p>
            ) : (
              <ul className="story-cards">
                {stories.map((story, i) => (
                  <li key={story.id}>
                    <Link to={webStoryPath(story.id)} className="story-card">
                      <img
                        src={story.thumbnailUrl ?? defaultWebStoryThumbnail}
                        alt=""
                        width={webStoryThumbnailSize.width}
                        height={webStoryThumbnailSize.height}
                        loading={i < 1 ? 'eager' : 'lazy'}
                        decoding="async"
                      />
                      <span className="story-card__title">{story.title}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="video-list-heading">
            <h2 id="video-list-heading">Videos</h2>
            {videos.length === 0 ? (
              <p className="status">No videos yet.</p>
            ) : (
              <ul className="image-grid">
                {videos.map((video) => (
                  <li key={video.id}>
                    <a
                      href={video.vidurl}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="image-grid__link video-card"
                    >
                      <ResponsiveImage
                        image={{ url: video.imageUrl, alt: '', width: video.width, height: video.height }}
                        sizes={videoSizes}
                      />
                      <span className="video-card__title">
                        {video.title}
                        <span className="visually-hidden"> (opens in a new tab)</span>
                      </span>
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </section>
  );
}
