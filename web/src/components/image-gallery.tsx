import { useMemo, useState } from 'react';
import ReactImageGallery, { type GalleryItem as LibraryItem } from 'react-image-gallery';
import 'react-image-gallery/styles/image-gallery.css';
import './gallery.css';

import type { GalleryItem } from '../lib/content-types';

/*
 * The one carousel of the site (home, program and photo pages), with the
 * spec's settings (section 9, "Carousel defaults"). react-image-gallery's
 * own defaults mostly agree; they are spelled out so that a library upgrade
 * cannot change them silently.
 */

/** Slide transition, ms. */
export const SLIDE_DURATION_MS = 450;
/** Autoplay interval, ms (the library uses the larger of this and the duration). */
export const SLIDE_INTERVAL_MS = 3000;
/** Percentage of the slide's width a swipe must cover to move on. */
export const SWIPE_THRESHOLD = 30;
/** Swipe velocity that moves on however short the swipe. */
export const FLICK_THRESHOLD = 0.4;
/** Past the last slide comes the first again. */
export const INFINITE = true;
/** Between the current slide's number and the count: '2 / 4'. */
export const INDEX_SEPARATOR = ' / ';
/** Shown in place of an image that fails to load. */
export const FALLBACK_IMAGE_URL = '/images/fallback.svg';

/** What a page may choose; everything else is the spec's. */
export interface ImageGalleryOptions {
  thumbnails?: boolean;
  bullets?: boolean;
  fullscreen?: boolean;
  playButton?: boolean;
  autoplay?: boolean;
  /**
   * The gallery sits below the first screen: even its first image loads
   * lazily. Slides after the first always do (they start off-screen).
   */
  belowFold?: boolean;
}

export interface ImageGalleryProps extends ImageGalleryOptions {
  items: readonly GalleryItem[];
  /** Names the carousel for screen readers, e.g. 'Photos of the society'. */
  label: string;
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

/** The settings the library gets for a page's choices. */
export function gallerySettings({
  thumbnails = false,
  bullets = false,
  fullscreen = false,
  playButton = false,
  autoplay = false,
}: ImageGalleryOptions = {}) {
  return {
    slideDuration: SLIDE_DURATION_MS,
    slideInterval: SLIDE_INTERVAL_MS,
    swipeThreshold: SWIPE_THRESHOLD,
    flickThreshold: FLICK_THRESHOLD,
    infinite: INFINITE,
    indexSeparator: INDEX_SEPARATOR,
    showIndex: true,
    onErrorImageURL: FALLBACK_IMAGE_URL,
    showThumbnails: thumbnails,
    thumbnailPosition: 'bottom',
    showBullets: bullets,
    showFullscreenButton: fullscreen,
    useBrowserFullscreen: fullscreen,
    showPlayButton: playButton,
    autoPlay: autoplay,
    // Arrow keys (and Esc in fullscreen) act on the gallery that has focus,
    // not on every gallery of the page at once, nor while reading elsewhere.
    useWindowKeyDown: false,
  } as const;
}

/**
 * An image carousel: previous/next buttons, the index ('2 / 4'), and, per
 * page, bullets, thumbnails, fullscreen and play. With focus inside it,
 * the left and right arrow keys move between slides and Esc leaves
 * fullscreen.
 */
export function ImageGallery({ items, label, belowFold = false, ...options }: ImageGalleryProps) {
  const [current, setCurrent] = useState(0);
  // The library starts over at the first slide whenever it gets a new items
  // array, and each slide re-renders this component (the caption): the same
  // array must come back, or the carousel snaps back mid-transition.
  const libraryItems = useMemo(() => toLibraryItems(items, belowFold), [items, belowFold]);
  const caption = items[current]?.description;
  return (
    <section className="gallery" aria-label={label} aria-roledescription="carousel">
      <ReactImageGallery items={libraryItems} onSlide={setCurrent} {...gallerySettings(options)} />
      {caption && <p className="gallery-caption">{caption}</p>}
    </section>
  );
}
