import type { WebStory } from '@hurryup/contracts/gallery';
import { webStoryPath } from '@hurryup/contracts/gallery-pages';
import { Link } from 'react-router';
import { absoluteUrl } from '../../shared/page-meta.ts';
import { ShareButton } from '../../shared/ShareButton.tsx';
import { useSite } from '../../shared/use-site.ts';

/** The web story page: its title, the story's player in a frame, and Share. */
export function WebStoryView({ story, error }: { story?: WebStory | undefined; error?: string | undefined }) {
  const site = useSite();
  if (!story) {
    return (
      <article className="page">
        <p className="status status--error" role="alert">
          {error}
        </p>
        <p>
          <Link to="/webstories">See all the web stories</Link>
        </p>
      </article>
    );
  }
  return (
    <article className="page web-story" aria-labelledby="story-heading">
      <h1 id="story-heading">{story.title}</h1>
      <iframe
        className="web-story__frame"
        src={story.embedUrl}
        title={`Web story: ${story.title}`}
        width={360}
        height={640}
        allow="fullscreen"
      />
      <p className="web-story__hint">
        Tap the right side (or press →) for the next page, the left side for the previous one.
      </p>
      <ShareButton
        label="Share"
        title={story.title}
        url={absoluteUrl(site, webStoryPath(story.id))}
        {...(story.thumbnailUrl ? { imageUrl: story.thumbnailUrl } : {})}
      />
    </article>
  );
}
