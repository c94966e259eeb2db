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
