import {
  hasVariants,
  type SizedImage,
  variantFormats,
  variantUrl,
  variantWidthsFor,
} from '@hurryup/contracts/image-variants';

/**
 * A picture with its intrinsic size (the browser reserves its box: no layout shift), smaller AVIF and WebP
 * copies of the site's own images for narrow screens, and lazy loading unless it is above the fold.
 */
export function ResponsiveImage({
  image,
  sizes,
  eager = false,
  className,
}: {
  image: SizedImage;
  /** The rendered width, e.g. '(min-width: 768px) 33vw, 50vw'. */
  sizes: string;
  /** Above the fold: load at once (and first, for the largest one). */
  eager?: boolean;
  className?: string;
}) {
  const widths = hasVariants(image.url) ? variantWidthsFor(image) : [];
  const img = (
    <img
      src={image.url}
      alt={image.alt}
      width={image.width}
      height={image.height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      {...(eager ? { fetchPriority: 'high' as const } : {})}
      className={className}
    />
  );
  if (widths.length === 0) return img;
  return (
    <picture>
      {variantFormats.map((format) => (
        <source
          key={format}
          type={`image/${format}`}
          sizes={sizes}
          srcSet={widths.map((width) => `${variantUrl(image.url, width, format)} ${width}w`).join(', ')}
        />
      ))}
      {img}
    </picture>
  );
}
