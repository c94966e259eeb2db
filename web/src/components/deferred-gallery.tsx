import { lazy, Suspense, useEffect, useRef, useState } from 'react';

import type { ImageGalleryProps } from './image-gallery';

const ImageGallery = lazy(async () => ({ default: (await import('./image-gallery')).ImageGallery }));

/** How far below the screen a gallery starts loading, so it is ready when scrolled to. */
const LOAD_MARGIN = '200px';

/**
 * The carousel, loaded (code, styles and images) only once it comes near
 * the screen: on the home page it sits below the first screen, and its
 * library would otherwise be a fifth of what the page loads up front.
 * A placeholder of the gallery's shape holds its place meanwhile.
 */
export function DeferredGallery(props: ImageGalleryProps) {
  // Without IntersectionObserver (old browsers, jsdom) there is nothing to wait for.
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const placeholder = useRef<HTMLElement>(null);

  useEffect(() => {
    const element = placeholder.current;
    if (near || !element) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: LOAD_MARGIN },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
    };
  }, [near]);

  // The placeholder is already the named region, so the page's landmarks do not change.
  const waiting = <section ref={placeholder} className="gallery-placeholder" aria-label={props.label} />;
  if (!near) return waiting;
  return (
    <Suspense fallback={waiting}>
      <ImageGallery {...props} />
    </Suspense>
  );
}
