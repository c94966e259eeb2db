import { useEffect, useMemo, useRef, useState } from 'react';
import ReactImageGallery, { type GalleryItem as LibraryItem, type ImageGalleryRef } from 'react-image-gallery';
import 'react-image-gallery/styles/image-gallery.css';
import './gallery.css';

import type { GalleryItem } from '../lib/content-types';
import { GalleryCaption } from './gallery-caption';
import { gallerySettings, type ImageGalleryOptions } from './gallery-settings';

// The settings live apart from the library, so that the facade can use them without loading it.
export * from './gallery-settings';

export interface ImageGalleryProps extends ImageGalleryOptions {
  items: readonly GalleryItem[];
  /** Names the carousel for screen readers, e.g. 'Photos of the society'. */
  label: string;
  /** The slide it opens on (0-based): the one asked for before it loaded (gallery-facade.tsx). */
  startIndex?: number;
  /** Fullscreen was asked for before it loaded: open it at once. */
  openFullscreen?: boolean;
}

/**
 * The content's gallery items (snake_case, as served) in the library's
 * names. Descriptions are left out: the library draws them inside each
 * slide, whose accessible name is "Go to Slide N", so the visible caption
 * would not be part of its name (WCAG 2.5.3); ImageGallery shows the
 * current one under the slides instead.
 */
export function toLibraryItems(items: readonly GalleryItem[], belowFold = false): LibraryItem[] {
  return items.map((item, index) => ({
    original: item.original,
    thumbnail: item.thumbnail,
    originalAlt: item.original_alt,
    thumbnailAlt: item.thumbnail_alt,
    ...(item.srcset ? { srcSet: item.srcset } : {}),
    ...(item.sizes ? { sizes: item.sizes } : {}),
    // Width and height let the browser reserve the slide's room before the image arrives.
    ...(item.width && item.height
      ? { originalWidth: String(item.width), originalHeight: String(item.height) }
      : {}),
    loading: belowFold || index > 0 ? 'lazy' : 'eager',
    thumbnailLoading: 'lazy',
  }));
}

/**
 * An image carousel: previous/next buttons, the index ('2 / 4'), and, per
 * page, bullets, thumbnails, fullscreen and play. With focus inside it,
 * the left and right arrow keys move between slides and Esc leaves
 * fullscreen.
 */
export function ImageGallery({
  items,
  label,
  belowFold = false,
  startIndex = 0,
  openFullscreen = false,
  ...options
}: ImageGalleryProps) {
  const [current, setCurrent] = useState(startIndex);
  const library = useRef<ImageGalleryRef>(null);
  useEffect(() => {
    if (openFullscreen) library.current?.fullScreen();
  }, [openFullscreen]);
  // The library starts over at the first slide whenever it gets a new items
  // array, and each slide re-renders this component (the caption): the same
  // array must come back, or the carousel snaps back mid-transition.
  const libraryItems = useMemo(() => toLibraryItems(items, belowFold), [items, belowFold]);

  return (
    <section className="gallery" aria-label={label} aria-roledescription="carousel">
      <ReactImageGallery
        ref={library}
        items={libraryItems}
        startIndex={startIndex}
        onSlide={setCurrent}
        {...gallerySettings(options)}
      />
      <GalleryCaption item={items[current]} fullscreen={options.fullscreen} />
    </section>
  );
}
