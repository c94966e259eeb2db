import type { KeyboardEvent, ReactNode } from 'react';

import type { GalleryItem } from '../lib/content-types';
import { FALLBACK_IMAGE_URL, INDEX_SEPARATOR, type ImageGalleryOptions } from './gallery-settings';

/*
 * The carousel's first screen, drawn with react-image-gallery's own markup
 * and class names (its stylesheet is loaded with this), before its code is:
 * the library (10 KB of gzip, a tenth of what the home page loads) comes
 * only when someone reaches for the carousel (pointer over it, focus in it,
 * a touch, a key). Whatever they pressed is handed on: the carousel opens
 * on the slide they asked for, with focus on the same control.
 */

/** Galleries the facade can stand in for: no thumbnails, nothing that moves on its own. */
export function facadeCanDraw({ thumbnails, autoplay, playButton }: ImageGalleryOptions): boolean {
  return !thumbnails && !autoplay && !playButton;
}

interface GalleryFacadeProps extends ImageGalleryOptions {
  items: readonly GalleryItem[];
  /** Someone reached for the carousel: load it. */
  onWake: () => void;
  /** Someone asked for slide `index` (0-based): open the carousel there. */
  onGo: (index: number) => void;
  /** Someone asked for fullscreen: open the carousel so. */
  onFullscreen: () => void;
}

const SVG_PROPS = {
  className: 'image-gallery-svg',
  xmlns: 'http://www.w3.org/2000/svg',
  fill: 'none',
  stroke: 'currentColor',
  strokeLinecap: 'square',
  strokeLinejoin: 'miter',
} as const;

function Arrow({ points }: { points: string }) {
  return (
    <svg {...SVG_PROPS} viewBox="6 0 12 24" strokeWidth={1}>
      <polyline points={points} />
    </svg>
  );
}

function IconButton({ label, className, onClick, children }: { label: string; className: string; onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" className={`image-gallery-icon ${className}`} aria-label={label} onClick={onClick}>
      {children}
    </button>
  );
}

export function GalleryFacade({
  items,
  bullets = false,
  fullscreen = false,
  belowFold = false,
  onWake,
  onGo,
  onFullscreen,
}: GalleryFacadeProps) {
  const count = items.length;
  const first = items[0];
  const previous = () => {
    onGo(count - 1);
  };
  const next = () => {
    onGo(count > 1 ? 1 : 0);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') previous();
    if (event.key === 'ArrowRight') next();
  };
  return (
    // The keys act on the carousel that has focus, as the library's do (useWindowKeyDown off).
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div
      className="image-gallery"
      aria-live="polite"
      onPointerEnter={onWake}
      onTouchStart={onWake}
      onFocus={onWake}
      onKeyDown={onKeyDown}
    >
      <div className="image-gallery-content  image-gallery-thumbnails-bottom">
        <div className="image-gallery-slide-wrapper  image-gallery-thumbnails-bottom">
          <IconButton label="Previous Slide" className="image-gallery-left-nav" onClick={previous}>
            <Arrow points="15 18 9 12 15 6" />
          </IconButton>
          <IconButton label="Next Slide" className="image-gallery-right-nav" onClick={next}>
            <Arrow points="9 18 15 12 9 6" />
          </IconButton>
          <div className="image-gallery-swipe">
            <div className="image-gallery-slides">
              <div className="image-gallery-slides-container">
                {first && (
                  <div className="image-gallery-slide image-gallery-center">
                    <img
                      className="image-gallery-image"
                      src={first.original}
                      alt={first.original_alt}
                      {...(first.srcset ? { srcSet: first.srcset } : {})}
                      {...(first.sizes ? { sizes: first.sizes } : {})}
                      {...(first.width && first.height ? { width: first.width, height: first.height } : {})}
                      loading={belowFold ? 'lazy' : 'eager'}
                      onError={(event) => {
                        // As the library does: the fallback image in place of one that fails.
                        const image = event.currentTarget;
                        if (image.src.endsWith(FALLBACK_IMAGE_URL)) return;
                        image.removeAttribute('srcset');
                        image.src = FALLBACK_IMAGE_URL;
                      }}
                    />
                  </div>
                )}
              </div>
            </div>
          </div>
          {bullets && (
            <div className="image-gallery-bullets">
              <div className="image-gallery-bullets-container" role="navigation" aria-label="Bullet Navigation">
                <div className="image-gallery-bullets-inner">
                  {items.map((item, index) => (
                    <button
                      key={item.original}
                      type="button"
                      className={index === 0 ? 'image-gallery-bullet active' : 'image-gallery-bullet'}
                      aria-label={`Go to Slide ${String(index + 1)}`}
                      aria-pressed={index === 0}
                      onClick={() => {
                        onGo(index);
                      }}
                    />
                  ))}
                </div>
              </div>
            </div>
          )}
          {fullscreen && (
            <IconButton label="Open Fullscreen" className="image-gallery-fullscreen-button" onClick={onFullscreen}>
              <svg {...SVG_PROPS} viewBox="0 0 24 24" strokeWidth={2}>
                <path d="M8 3H3v5m18 0V3h-5m0 18h5v-5M3 16v5h5" />
              </svg>
            </IconButton>
          )}
          <div className="image-gallery-index">
            <span className="image-gallery-index-current">1</span>
            <span className="image-gallery-index-separator">{INDEX_SEPARATOR}</span>
            <span className="image-gallery-index-total">{count}</span>
          </div>
        </div>
      </div>
    </div>
  );
}
