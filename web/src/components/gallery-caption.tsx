import type { GalleryItem } from '../lib/content-types';

/**
 * The largest picture of an item: its widest `srcset` candidate, else its
 * original.
 */
export function fullSizeUrl(item: GalleryItem): string {
  let best = { url: item.original, width: 0 };
  for (const candidate of (item.srcset ?? '').split(',')) {
    const [url, descriptor] = candidate.trim().split(/\s+/);
    const width = descriptor?.endsWith('w') ? Number(descriptor.slice(0, -1)) : NaN;
    if (url && Number.isFinite(width) && width > best.width) best = { url, width };
  }
  return best.url;
}

interface GalleryCaptionProps {
  /** The slide shown. */
  item: GalleryItem | undefined;
  /** The page offers fullscreen: its pictures are worth a closer look (programs). */
  fullscreen?: boolean;
}

/**
 * Under the slides: the shown slide's description and, where the page offers
 * fullscreen, a link to its largest picture. A phone shows a program page
 * 343 px wide, fullscreen included; the picture alone can be zoomed.
 */
export function GalleryCaption({ item, fullscreen = false }: GalleryCaptionProps) {
  if (!item) return null;
  return (
    <>
      {item.description && <p className="gallery-caption">{item.description}</p>}
      {fullscreen && (
        <p className="gallery-full-size">
          <a href={fullSizeUrl(item)}>Open this image at full size</a>
        </p>
      )}
    </>
  );
}
