import type { GalleryImage } from '@hurryup/contracts/gallery';
import { imagePagePath } from '@hurryup/contracts/gallery-pages';
import { Link } from 'react-router';
import { ResponsiveImage } from '../../shared/ResponsiveImage.tsx';

// Two columns on a phone, three from 768 px, at most 360 px each on wide screens.
const gridSizes = '(min-width: 1152px) 360px, (min-width: 768px) 33vw, 50vw';
/** Pictures in the first row of a phone's two-column grid: the only ones loaded before scrolling. */
const aboveTheFold = 2;

/** The image gallery (/infopic): a grid of infographics, each opening its image page. */
export function ImageGallery({ images, error }: { images: GalleryImage[]; error?: string | undefined }) {
  return (
    <section className="page gallery" aria-labelledby="gallery-heading">
      <h1 id="gallery-heading">Image Gallery</h1>
      <p className="page__lede">
        Infographics on money safety, markets, health and study. Tap one to comment on it.
      </p>
      {error ? (
        <p className="status status--error" role="alert">
          {error}
        </p>
      ) : images.length === 0 ? (
        <p className="status">No images yet.</p>
      ) : (
        <ul className="image-grid gallery__grid">
          {images.map((image, i) => (
            <li key={image.id}>
              <Link to={imagePagePath(image.url)} className="image-grid__link">
                <ResponsiveImage image={image} sizes={gridSizes} eager={i < aboveTheFold} />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
