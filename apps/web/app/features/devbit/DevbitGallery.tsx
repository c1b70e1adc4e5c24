import type { DevbitAdminImage, DevbitGallery as Gallery } from '@hurryup/contracts/devbit';
import { devbitImagePath, imagePagePath } from '@hurryup/contracts/gallery-pages';
import { Link } from 'react-router';
import { absoluteUrl } from '../../shared/page-meta.ts';
import { ResponsiveImage } from '../../shared/ResponsiveImage.tsx';
import { ShareButton } from '../../shared/ShareButton.tsx';
import { useSite } from '../../shared/use-site.ts';

const gridSizes = '(min-width: 1152px) 360px, (min-width: 768px) 33vw, (min-width: 480px) 50vw, 100vw';

/**
 * The DevBit gallery: images grouped by category under upper-case headings, each linking to its own page;
 * with a chosen image, that image large (alt text, category, share) above the gallery.
 */
export function DevbitGallery({
  gallery,
  chosen,
  error,
}: {
  gallery: Gallery;
  chosen?: DevbitAdminImage | 'missing' | undefined;
  error?: string | undefined;
}) {
  const site = useSite();
  const categories = Object.entries(gallery);
  let firstRow = true;
  return (
    <section className="page devbit" aria-labelledby="devbit-heading">
      <h1 id="devbit-heading">DevBit</h1>
      <p className="page__lede">
        Small, tested code tips for Java, Git, Linux and JavaScript, one picture each.
      </p>
      {chosen === 'missing' ? (
        <p className="status status--error" role="alert">
          No image available
        </p>
      ) : chosen ? (
        <div className="devbit__chosen">
          <figure>
            <ResponsiveImage image={chosen} sizes="(min-width: 1152px) 1100px, 100vw" eager />
            <figcaption>
              <span className="devbit__category">{chosen.category.toUpperCase()}</span> {chosen.alt}
            </figcaption>
          </figure>
          <p>
            <Link to={imagePagePath(chosen.url)}>Comments on this tip</Link>
          </p>
          <ShareButton
            label="Share"
            title={`DevBit: ${chosen.alt}`}
            url={absoluteUrl(site, devbitImagePath(chosen.url))}
            imageUrl={chosen.url}
          />
        </div>
      ) : null}
      {error ? (
        <p className="status status--error" role="alert">
          {error}
        </p>
      ) : categories.length === 0 ? (
        <p className="status">No images yet.</p>
      ) : (
        categories.map(([category, images]) => {
          // Only the first row of an unchosen gallery is above the fold on a phone.
          const eager = firstRow && !chosen;
          firstRow = false;
          return (
            <section key={category} className="devbit__category-block" aria-labelledby={`devbit-${category}`}>
              <h2 id={`devbit-${category}`} className="devbit__heading">
                {category.toUpperCase()}
              </h2>
              <ul className="image-grid">
                {images.map((image, i) => (
                  <li key={image.id}>
                    <Link to={devbitImagePath(image.url)} className="image-grid__link">
                      <ResponsiveImage image={image} sizes={gridSizes} eager={eager && i === 0} />
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          );
        })
      )}
    </section>
  );
}
